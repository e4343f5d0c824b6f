/** What the API client reads from the browser and from an answer: cookies, bodies, messages, codes, field errors. */

import { isErrorCode, type ErrorCode } from '@medcalc/domain';

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (found === undefined) return undefined;
  const raw = found.slice(prefix.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error answer's `code`, when it is one of the closed list. */
export function readCode(body: unknown): ErrorCode | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return isErrorCode(body.code) ? body.code : undefined;
}

export function readMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export function readFieldErrors(body: unknown): Record<string, string[]> {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return {};
  const { errors } = body;
  if (typeof errors !== 'object' || errors === null) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) {
      result[field] = messages.filter((item): item is string => typeof item === 'string');
    }
  }
  return result;
}

/** The local-storage prefix of the wizard's unsaved changes (`features/order-wizard/stores/draft-backup.ts`). */
export const UNSAVED_DRAFT_PREFIX = 'medcalc.unsaved-order.';

/**
 * Spec §8: what the app keeps in local storage goes when the session ends (401/419), except, unless
 * `withUnsavedDrafts`, the wizard's unsaved changes (issue 21), which the next sign-in restores. Signing out
 * clears those too.
 */
export function clearLocalStorage({ withUnsavedDrafts = false } = {}): void {
  try {
    const storage = window.localStorage;
    for (const key of Object.keys(storage)) {
      if (withUnsavedDrafts || !key.startsWith(UNSAVED_DRAFT_PREFIX)) storage.removeItem(key);
    }
  } catch {
    // Storage can be unavailable (privacy mode); there is nothing to clear then.
  }
}
