import type { ErrorCode } from '@medcalc/domain';

/**
 * Coded errors thrown by services (house guide 2.5, after documenso's AppError). The error handler maps each
 * code to an HTTP status and sends the code on the wire (`{ message, code }`, the domain's closed list
 * `errorCodeSchema`); services never see `reply`.
 */
export const APP_ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  GONE: 410,
  CSRF_MISMATCH: 419,
  VALIDATION: 422,
  INVALID_STATE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Partial<Record<ErrorCode, number>>;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Field errors for VALIDATION: `{ field: [messages] }` (spec §8). */
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Seconds, for TOO_MANY_REQUESTS and SERVICE_UNAVAILABLE (sent as Retry-After). */
  readonly retryAfter: number | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    extra: { fieldErrors?: Record<string, string[]>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfter = extra.retryAfter;
  }

  get statusCode(): number {
    return APP_ERROR_STATUS[this.code];
  }

  /** A 422 with one field's message, the Laravel-style answer the client reads inline. */
  static field(field: string, message: string): AppError {
    return new AppError('VALIDATION', message, { fieldErrors: { [field]: [message] } });
  }
}
