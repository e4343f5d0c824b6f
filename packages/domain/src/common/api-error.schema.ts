import { z } from './zod';

import { ERROR_CODES } from './error-codes';

/** The closed list of error codes (error-codes.ts) as a schema. */
export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every error answer carries a Ukrainian `message` (spec §8 global rule) and a `code` from the closed list
 * (error-codes.ts) that clients branch on; the spec's client reads the message and ignores the extra field.
 */
export const apiErrorSchema = z.object({ message: z.string(), code: errorCodeSchema });
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Validation failures answer 422 with the Laravel shape the spec's client reads (spec §3 "Password-reset
 * payloads", §8): `{ message, code, errors: { field: [messages] } }`.
 */
export const validationErrorSchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** A plain `{ message }` success answer, shown as a toast by the client (spec §8). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The summary sentence of a 422 answer. */
export const VALIDATION_MESSAGE = 'Дані містять помилки. Перевірте виділені поля.';
