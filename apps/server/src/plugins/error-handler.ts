import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  errorCodeOfStatus,
  VALIDATION_MESSAGE,
  type ApiError,
  type ErrorCode,
} from '@medcalc/domain';
import { AppError } from '../lib/app-error';
import { databaseTroubleOf, isDataException } from '../lib/db-errors';

export const INTERNAL_ERROR_MESSAGE = 'Внутрішня помилка сервера. Спробуйте пізніше.';
export const NOT_FOUND_MESSAGE = 'Не знайдено.';
export const DATA_EXCEPTION_MESSAGE = 'Дані містять недопустимі значення.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Сервіс тимчасово недоступний: немає зв’язку з базою даних. Спробуйте за хвилину.';
export const STORAGE_FULL_MESSAGE =
  'На сервері закінчилося місце для даних. Адміністратора повідомлено.';
/** Seconds a client is asked to wait after a 503 of an unreachable database (the message says a minute). */
export const DATABASE_RETRY_AFTER_SECONDS = 60;

export interface ErrorHandlerOptions {
  /**
   * Where the data lives, for the operator's log line of a full disk: the embedded database's folder, or that the
   * PostgreSQL server's own disk is full.
   */
  storage: string;
}

/**
 * The body of an error answer: the Ukrainian `message` and the `code` clients branch on (the domain's closed list;
 * by default the status's own), plus a 422's field `errors`.
 */
export function errorAnswer(
  status: number,
  message: string,
  extra: { code?: ErrorCode; errors?: Record<string, string[]> } = {},
): ApiError & { errors?: Record<string, string[]> } {
  const code = extra.code ?? errorCodeOfStatus(status);
  return extra.errors ? { message, code, errors: extra.errors } : { message, code };
}

/** Turns `/calculations/0/name` into the Laravel-style key `calculations.0.name`; the root becomes `_`. */
function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return key === '' ? '_' : key;
}

/**
 * One place that shapes every error answer (house guide 2.5): `{ message, code }` (the message in Ukrainian), and
 * for validation the spec's 422 `{ message, code, errors: { field: [messages] } }`. 5xx answers never carry internals; they are logged.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance, options: ErrorHandlerOptions) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined)
        void reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(
        errorAnswer(error.statusCode, error.message, {
          code: error.code,
          ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath);
        (errors[key] ??= []).push(issue.message ?? VALIDATION_MESSAGE);
      }
      return reply.status(422).send(errorAnswer(422, VALIDATION_MESSAGE, { errors }));
    }
    // By class and code (lib/db-errors.ts): the database is away → 503 with Retry-After, retried by the client; no
    // space left → 507, which waits for the operator, who gets an error line saying what to free.
    const trouble = databaseTroubleOf(error);
    if (trouble?.kind === 'unavailable') {
      request.log.warn(
        { err: error, code: trouble.code },
        'the database is unreachable; answered 503',
      );
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorAnswer(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    if (trouble?.kind === 'disk-full') {
      request.log.error(
        { err: error, code: trouble.code, storage: options.storage },
        `no space left on the disk: free space for ${options.storage} (or for the file in err.path); writes answer 507 until then`,
      );
      return reply.status(507).send(errorAnswer(507, STORAGE_FULL_MESSAGE));
    }
    if (isDataException(error)) {
      // A safety net behind the schemas: input the database cannot store is the client's error, not ours.
      request.log.info({ err: error }, 'data exception');
      return reply.status(422).send(errorAnswer(422, DATA_EXCEPTION_MESSAGE, { errors: {} }));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorAnswer(429, 'Забагато запитів. Спробуйте трохи пізніше.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large …).
      request.log.info({ err: error }, 'client error');
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Некоректний JSON у тілі запиту.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Запит завеликий.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Непідтримуваний тип вмісту запиту.'
              : 'Некоректний запит.';
      return reply.status(status).send(errorAnswer(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorAnswer(500, INTERNAL_ERROR_MESSAGE));
  });
});
