import { z } from 'zod';
import { apiErrorSchema, validationErrorSchema } from '@medcalc/domain';

/**
 * Error answers routes declare beside their 200 (house guide 2.3: every response code has a schema), kept in one
 * place so the OpenAPI document at /api/docs lists what a call can really answer. Each is `{ message, code }` in
 * Ukrainian (spec §8); the error handler (plugins/error-handler.ts) is what sends them.
 */

/**
 * A 422 is either a validation answer with field errors (`{ message, errors }`, spec §8) or a refused state change
 * (`INVALID_STATE`, e.g. "send for approval" before `formed`) with a message only.
 */
export const unprocessableSchema = z.union([validationErrorSchema, apiErrorSchema]);

/**
 * Any call that reads or writes the database: 503 (with Retry-After) while the database cannot be reached, 507 when
 * the disk it writes to is full (plugins/error-handler.ts).
 */
export const DATABASE_ERRORS = { 503: apiErrorSchema, 507: apiErrorSchema } as const;

/** A signed-in call without path or query input: 401 (not signed in), and the database's 503/507. */
export const SIGNED_IN_ERRORS = { 401: apiErrorSchema, ...DATABASE_ERRORS } as const;

/**
 * A signed-in read: 401 not signed in; 403 another company's `{companyIdentifier}`, an administrator's call, or an
 * order still awaiting payment; 404 another company's or a missing row; 422 a malformed path or query value.
 */
export const READ_ERRORS = {
  ...SIGNED_IN_ERRORS,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: unprocessableSchema,
} as const;

/**
 * A state-changing call: the read answers, plus 409 (refused because other rows still use the row, e.g. a unit a
 * material uses) and 419 (the XSRF token is missing or wrong, plugins/csrf.ts).
 */
export const WRITE_ERRORS = {
  ...READ_ERRORS,
  409: apiErrorSchema,
  419: apiErrorSchema,
} as const;

/**
 * Session calls open to guests (sign in, register, password recovery): 401, 419, 422 and 429 (throttled), and the
 * database's 503/507.
 */
export const SESSION_ERRORS = {
  ...DATABASE_ERRORS,
  401: apiErrorSchema,
  419: apiErrorSchema,
  422: unprocessableSchema,
  429: apiErrorSchema,
} as const;
