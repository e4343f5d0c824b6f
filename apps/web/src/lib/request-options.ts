// The options of one call of the api client (`api-client.ts`).

import type { z } from 'zod';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  body?: unknown;
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Validates and types the answer; without it the answer is `unknown`. */
  schema?: z.ZodType<T>;
  /** Spec §8 toasts are on by default; a page that shows the message itself turns its half off. */
  toast?: { success?: boolean; error?: boolean };
  /** Statuses whose error toast is not wanted (e.g. 401 of the session probe, which means "signed out"). */
  quietStatuses?: readonly number[];
  /**
   * The caller shows 422 field errors under the fields: the toast is skipped when its text is already one of
   * those field messages, so the same sentence does not appear twice.
   */
  inlineFieldErrors?: boolean;
  /** 401/419 clear local storage and go to /login (spec §8); off for the session probe and logout. */
  redirectOnAuthError?: boolean;
  /** Ask for a fresh XSRF cookie first; spec §7 does so before login, registration, forgot and reset. */
  refreshCsrf?: boolean;
  /**
   * The error toast (and the error's message) when a failed answer carries no `{ message }` of its own, e.g. a
   * proxy's HTML 502 or an empty 500: without it such a failure would pass silently.
   */
  fallbackErrorMessage?: string;
  /**
   * Sent as a keep-alive request, which the browser finishes after the page is closed or reloaded (a change saved
   * as the page goes away, `lib/unsaved-changes.ts`). Only while the body fits the browser's keep-alive quota
   * ({@link fitsKeepAlive} in `api-client.ts`); a larger one is sent as an ordinary request.
   */
  keepalive?: boolean;
};

/** Options of a call answered with a file: no schema, the body is binary. */
export type BlobRequestOptions = Omit<RequestOptions<never>, 'schema'> & {
  /** The `Accept` header; errors still come as JSON `{ message }` and are toasted as usual. */
  accept?: string;
};

/** A file answer: the body and the headers that describe it (`Content-Disposition`, `Content-Type`). */
export type BlobAnswer = { blob: Blob; headers: Headers; status: number };
