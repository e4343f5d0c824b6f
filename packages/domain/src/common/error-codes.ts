/**
 * The closed list of error codes every error answer carries beside its Ukrainian `message` (`{ message, code }`).
 * Clients branch on the code, never on the message's text. A code names the kind of failure; its HTTP status is
 * the server's (apps/server/src/lib/app-error.ts), and a failure with nothing more specific to say gets its
 * status's default code (`errorCodeOfStatus`).
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** The order was saved since, elsewhere: the wizard's save or calculate named an older version. */
  'VERSION_CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'CSRF_MISMATCH',
  'VALIDATION',
  /** A state change the row's state refuses (e.g. «send for approval» before `formed`). */
  'INVALID_STATE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'STORAGE_FULL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Whether `value` is one of the codes. Without zod (its schema is `errorCodeSchema`, api-error.schema.ts): the web's
 * API client reads codes on every page, the landing page included, whose first code carries no zod (issue 39).
 */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  (ERROR_CODES as readonly unknown[]).includes(value);

/** The code of a failure that says nothing more than its HTTP status. */
const DEFAULT_CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  419: 'CSRF_MISMATCH',
  422: 'VALIDATION',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
  507: 'STORAGE_FULL',
};

/** The default code of an error answer with HTTP `status`: another 4xx is BAD_REQUEST, another 5xx INTERNAL. */
export const errorCodeOfStatus = (status: number): ErrorCode =>
  DEFAULT_CODE_OF_STATUS[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
