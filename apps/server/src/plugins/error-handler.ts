import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { VALIDATION_MESSAGE } from '@medcalc/domain';
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

/** Turns `/calculations/0/name` into the Laravel-style key `calculations.0.name`; the root becomes `_`. */
function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return key === '' ? '_' : key;
}

/**
 * One place that shapes every error answer (house guide 2.5): `{ message }` in Ukrainian, and for validation the
 * spec's 422 `{ message, errors: { field: [messages] } }`. 5xx answers never carry internals; they are logged.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance, options: ErrorHandlerOptions) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined)
        void reply.header('retry-after', String(error.retryAfter));
      const body = error.fieldErrors
        ? { message: error.message, errors: error.fieldErrors }
        : { message: error.message };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath);
        (errors[key] ??= []).push(issue.message ?? VALIDATION_MESSAGE);
      }
      return reply.status(422).send({ message: VALIDATION_MESSAGE, errors });
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
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    if (trouble?.kind === 'disk-full') {
      request.log.error(
        { err: error, code: trouble.code, storage: options.storage },
        `no space left on the disk: free space for ${options.storage} (or for the file in err.path); writes answer 507 until then`,
      );
      return reply.status(507).send({ message: STORAGE_FULL_MESSAGE });
    }
    if (isDataException(error)) {
      // A safety net behind the schemas: input the database cannot store is the client's error, not ours.
      request.log.info({ err: error }, 'data exception');
      return reply.status(422).send({ message: DATA_EXCEPTION_MESSAGE, errors: {} });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: 'Забагато запитів. Спробуйте трохи пізніше.' });
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
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE });
  });
});
