import { ApiRequestError } from '@/lib/api-client';

/**
 * How browsers (and Vite's preload helper) word a page chunk that could not be fetched: Chromium, Firefox,
 * Safari, Vite's CSS preload, and bundlers' ChunkLoadError.
 */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

/**
 * The page could not come from the server: its code chunk failed to download (the server is down, the
 * connection dropped, or a deploy replaced the chunk), or its prefetch got no answer at all.
 */
export function isServerUnreachableError(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 0;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_FAILURE.test(error.message);
}
