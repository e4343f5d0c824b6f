import {
  pathOf,
  type AnswerOf,
  type ApiRoute,
  type BodyOf,
  type PathParamNames,
  type PathParams,
  type ErrorCode,
} from '@medcalc/domain';
import type { z } from 'zod';

import { env } from '@/config/env';
import { isGuardedPath, paths } from '@/config/paths';

import {
  clearLocalStorage,
  isAbortError,
  readBody,
  readCode,
  readCookie,
  readFieldErrors,
  readMessage,
} from './http-reading';
import { NETWORK_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE, messageForStatus } from './http-messages';
import type { BlobAnswer, BlobRequestOptions, QueryValue, RequestOptions } from './request-options';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The browser's quota for the bodies of the keep-alive requests in flight together (the Fetch standard: 64 KiB);
 * a request over it is refused outright, so such a body is never sent as one.
 */
export const KEEPALIVE_QUOTA_BYTES = 64 * 1024;

/** The bytes of the keep-alive bodies this page has in flight. */
let keepAliveBytes = 0;

/** The JSON body's size in bytes, as sent (none without a body). */
const jsonBytes = (body: unknown) =>
  body === undefined ? 0 : new TextEncoder().encode(JSON.stringify(body)).byteLength;

const fitsQuota = (bytes: number) => keepAliveBytes + bytes <= KEEPALIVE_QUOTA_BYTES;

/**
 * Whether `body` can go as a keep-alive request now: it fits, beside the keep-alive bodies still in flight, into the
 * browser's quota. A change that cannot is not guaranteed to reach the server once the page is gone.
 */
export const fitsKeepAlive = (body: unknown) => fitsQuota(jsonBytes(body));

/** An API call that failed: `status` 0 means no answer (network), otherwise the HTTP status. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  /** Per-field messages of a 422 answer (`{ message, errors: { field: [..] } }`, house guide §2.3). */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /**
   * What failed, from the answer's closed list (`{ message, code }`, the domain's `ERROR_CODES`): the web
   * branches on it, never on the message's text. Undefined without an answer, or for one that carries no code
   * (a proxy's own page).
   */
  readonly code: ErrorCode | undefined;
  /** Nothing said what failed (neither the answer, nor the caller, nor the status): the message is `HTTP nnn`. */
  readonly isUnexplained: boolean;

  constructor(
    status: number,
    message: string,
    errors: Record<string, readonly string[]> = {},
    { code, isUnexplained = false }: { code?: ErrorCode; isUnexplained?: boolean } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.code = code;
    this.isUnexplained = isUnexplained;
  }

  /** The first message for a field, as every form shows it (spec §5). */
  firstError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export type ApiClientHandlers = {
  notifySuccess: (message: string) => void;
  notifyError: (message: string) => void;
  /** The session is gone (401/419): forget the cached user. */
  onSessionExpired: () => void;
  /** Client-side navigation; the app plugs in the router so the page does not reload. */
  navigate: (to: string) => void;
  /**
   * What sends a request: the browser's `fetch`. The server's drawing of a signed-in first screen (issue 39,
   * app/server-render.tsx) plugs in its own, which asks the API in the same process with the visitor's cookie.
   */
  transport: typeof fetch;
};

const defaultHandlers: ApiClientHandlers = {
  notifySuccess: () => undefined,
  notifyError: () => undefined,
  onSessionExpired: () => undefined,
  navigate: (to) => window.location.assign(to),
  transport: (input, init) => fetch(input, init),
};

let handlers: ApiClientHandlers = { ...defaultHandlers };

/** Sign-outs under way ({@link whileSigningOut}). */
let signOuts = 0;

/** The longest a sign-out's requests are treated as the user's own leaving (the logout call's own time included). */
export const SIGN_OUT_GRACE_MS = 15_000;

/**
 * Runs a sign-out (`work`: the logout call and leaving for the landing page). Meanwhile a 401/419 is what the user
 * asked for, not an ended session: a read still in flight from the page being left, answered after the server
 * ended the session, would otherwise take the user to /login instead of the landing page.
 */
export async function whileSigningOut<T>(work: () => Promise<T>): Promise<T> {
  signOuts += 1;
  // A sign-out that never ends (a logout call left hanging) must not keep hiding ended sessions for good: its
  // grace ends with its work or after SIGN_OUT_GRACE_MS, whichever comes first.
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    signOuts -= 1;
  };
  const timer = setTimeout(end, SIGN_OUT_GRACE_MS);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    end();
  }
}

/**
 * Plugs the UI into the client (toasts need antd's App context, navigation needs the router). Returns a
 * function that restores the previous handlers, for effects and tests.
 */
export function configureApiClient(next: Partial<ApiClientHandlers>): () => void {
  const previous = handlers;
  handlers = { ...handlers, ...next };
  return () => {
    handlers = previous;
  };
}

function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const search = query.toString();
  return `${env.API_URL}${path}${search ? `?${search}` : ''}`;
}

let csrfRequest: Promise<void> | undefined;

/** `GET /sanctum/csrf-cookie`; concurrent callers share one request. */
function fetchCsrfCookie(signal?: AbortSignal): Promise<void> {
  csrfRequest ??= handlers
    .transport(buildUrl(CSRF_COOKIE_PATH), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
    .then(() => undefined)
    .finally(() => {
      csrfRequest = undefined;
    });
  return csrfRequest;
}

/** Spec §8: on 401 or 419 local storage is cleared and the browser goes to /login. */
function endSession(): void {
  clearLocalStorage();
  handlers.onSessionExpired();
  if (isGuardedPath(window.location.pathname)) handlers.navigate(paths.login);
}

/**
 * Sends one call with credentials and the XSRF echo; answers the successful `Response` unread. A failed call is
 * toasted (spec §8), ends the session on 401/419, and throws {@link ApiRequestError}.
 */
async function send(
  method: string,
  path: string,
  options: Omit<RequestOptions<unknown>, 'schema'>,
  accept: string,
): Promise<Response> {
  const { body, params, signal, toast = {}, quietStatuses = [] } = options;
  const isStateChanging = !SAFE_METHODS.has(method);

  const headers = new Headers({ Accept: accept, 'X-Requested-With': 'XMLHttpRequest' });
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');

  // The cookie is read and `fetch` called without a wait between them when the XSRF cookie is there, so a call
  // made from `pagehide` leaves before the page does.
  const bodyBytes = options.keepalive === true && !isForm ? jsonBytes(body) : undefined;
  const keepAliveSize = bodyBytes !== undefined && fitsQuota(bodyBytes) ? bodyBytes : undefined;
  if (keepAliveSize !== undefined) keepAliveBytes += keepAliveSize;
  let response: Response;
  try {
    if (isStateChanging) {
      if (options.refreshCsrf === true || readCookie(XSRF_COOKIE) === undefined) {
        await fetchCsrfCookie(signal);
      }
      const token = readCookie(XSRF_COOKIE);
      if (token !== undefined) headers.set(XSRF_HEADER, token);
    }
    response = await handlers.transport(buildUrl(path, params), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined || isForm ? body : JSON.stringify(body),
      signal,
      ...(keepAliveSize === undefined ? {} : { keepalive: true }),
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (toast.error !== false) handlers.notifyError(NETWORK_ERROR_MESSAGE);
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE);
  } finally {
    if (keepAliveSize !== undefined) keepAliveBytes -= keepAliveSize;
  }

  if (response.ok) return response;

  const data = await readBody(response);
  // The server's own words first (a 503/507 says what is wrong with its database), then the caller's.
  const message =
    readMessage(data) ?? options.fallbackErrorMessage ?? messageForStatus(response.status);
  const errors = readFieldErrors(data);
  const details = {
    code: readCode(data),
    isUnexplained: message === undefined,
  };
  const isShownInline =
    options.inlineFieldErrors === true &&
    Object.values(errors).some((messages) => messages[0] === message);
  const isAuthError = response.status === 401 || response.status === 419;
  if (isAuthError && signOuts > 0) {
    throw new ApiRequestError(
      response.status,
      message ?? `HTTP ${response.status}`,
      errors,
      details,
    );
  }
  const endsSession = isAuthError && options.redirectOnAuthError !== false;
  // Guarded pages render only for a signed-in user, so an auth error there is an expired session.
  const isExpiredSession = endsSession && isGuardedPath(window.location.pathname);
  const errorToast = isExpiredSession ? SESSION_EXPIRED_MESSAGE : message;
  if (
    errorToast !== undefined &&
    toast.error !== false &&
    !quietStatuses.includes(response.status) &&
    !isShownInline
  ) {
    handlers.notifyError(errorToast);
  }
  if (endsSession) {
    endSession();
  }
  throw new ApiRequestError(response.status, message ?? `HTTP ${response.status}`, errors, details);
}

async function request<T>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  const data = await readBody(response);
  const message = readMessage(data);
  if (message !== undefined && options.toast?.success !== false) handlers.notifySuccess(message);
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** A call answered with a file (a PDF): the body is read as a Blob, never as JSON, and shows no success toast. */
async function requestBlob(
  method: string,
  path: string,
  { accept = '*/*', ...options }: BlobRequestOptions = {},
): Promise<BlobAnswer> {
  const response = await send(method, path, options, accept);
  return { blob: await response.blob(), headers: response.headers, status: response.status };
}

/** The one HTTP client of the web app (house guide §2.4): credentials, XSRF echo, spec §8 toasts. */
export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    request<T>('POST', path, options),
  put: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
  patch: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, options),
  delete: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    request<T>('DELETE', path, options),
  /** `POST` whose answer is a file (spec §7 `POST /api/orders/pdf`): its Blob and headers. */
  postForBlob: (path: string, options?: BlobRequestOptions) => requestBlob('POST', path, options),
};

/** What a call of the route table takes beside the request options: its path values, query and body. */
export type CallInput<R extends ApiRoute> = (PathParamNames<R['path']> extends never
  ? { path?: never }
  : { path: PathParams<R['path']> }) &
  (R['body'] extends z.ZodType ? { body: BodyOf<R> } : { body?: never }) &
  (R['query'] extends z.ZodType ? { query?: Record<string, QueryValue> } : { query?: never });

export type CallOptions<R extends ApiRoute> = CallInput<R> &
  Omit<RequestOptions<AnswerOf<R>>, 'body' | 'params' | 'schema'>;

// `pathOf` takes the values only for a path with parameters; the route table's types say which.
const fillPath = pathOf as (route: ApiRoute, params?: PathParams<string>) => string;

/** A JSON call of the route table, its answer checked with the entry's answer schema. */
function callRoute<R extends ApiRoute & { answer: z.ZodType }>(
  route: R,
  path: PathParams<string> | undefined,
  {
    query,
    ...rest
  }: Omit<RequestOptions<AnswerOf<R>>, 'params' | 'schema'> & {
    query?: Record<string, QueryValue>;
  },
): Promise<AnswerOf<R>> {
  return request(route.method, fillPath(route, path), {
    ...rest,
    params: query,
    schema: route.answer as z.ZodType<AnswerOf<R>>,
  });
}

/**
 * Calls `route` of the domain's route table (`apiRoutes`, the same entries the server registers): the path is
 * filled from `path`, and the answer is checked with the entry's answer schema, so a call cannot drift from the
 * server's route.
 */
export function callApi<R extends ApiRoute & { answer: z.ZodType }>(
  route: R,
  options: CallOptions<R>,
): Promise<AnswerOf<R>> {
  const { path, ...rest } = options;
  return callRoute(route, path, rest);
}

/** A `GET` of the route table with a JSON answer: it takes path values and a query, never a body. */
export type GetRoute = ApiRoute & { method: 'GET'; answer: z.ZodType; body?: undefined };

/**
 * `callApi` for a `GET`, typed without the conditional `CallInput`: a function generic over the route (a paged
 * list's query options) can call it without a cast. `path` fills the route's parameters.
 */
export function callGetApi<R extends GetRoute>(
  route: R,
  {
    path,
    ...rest
  }: { path?: PathParams<R['path']>; query?: Record<string, QueryValue> } & Omit<
    RequestOptions<AnswerOf<R>>,
    'body' | 'params' | 'schema'
  >,
): Promise<AnswerOf<R>> {
  return callRoute(route, path, rest);
}

/** Calls a route of the table whose answer is a file (`answer: null`): its Blob and headers. */
export function callApiForBlob<R extends ApiRoute & { answer: null }>(
  route: R,
  options: CallInput<R> & Omit<BlobRequestOptions, 'body' | 'params'>,
): Promise<BlobAnswer> {
  const { path, query, ...rest } = options;
  return requestBlob(route.method, fillPath(route, path), { ...rest, params: query });
}

/**
 * Calls a route of the table whose body is a multipart form (a file upload, issue 20's import preview): the
 * entry has no body schema because the server's handler reads the parts; the answer is checked as usual.
 */
export function callApiWithForm<R extends ApiRoute & { answer: z.ZodType; body?: undefined }>(
  route: R,
  options: CallOptions<R> & { form: FormData },
): Promise<AnswerOf<R>> {
  const { path, form, ...rest } = options;
  return callRoute(route, path, { ...rest, body: form });
}
