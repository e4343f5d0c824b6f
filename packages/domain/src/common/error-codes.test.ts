import { describe, expect, it } from 'vitest';

import { errorCodeSchema } from './api-error.schema';
import { errorCodeOfStatus, isErrorCode } from './error-codes';

describe('errorCodeOfStatus', () => {
  it('gives each error status its default code, from the closed list', () => {
    expect(errorCodeOfStatus(404)).toBe('NOT_FOUND');
    expect(errorCodeOfStatus(409)).toBe('CONFLICT');
    expect(errorCodeOfStatus(422)).toBe('VALIDATION');
    expect(errorCodeOfStatus(503)).toBe('SERVICE_UNAVAILABLE');
    expect(errorCodeOfStatus(507)).toBe('STORAGE_FULL');
    // A status without a code of its own: the client's or the server's failure.
    expect(errorCodeOfStatus(418)).toBe('BAD_REQUEST');
    expect(errorCodeOfStatus(500)).toBe('INTERNAL');
    for (const status of [400, 401, 403, 410, 413, 414, 415, 419, 429, 502])
      expect(errorCodeSchema.safeParse(errorCodeOfStatus(status)).success).toBe(true);
  });
});

describe('isErrorCode', () => {
  it('accepts the codes of the closed list and nothing else, as the schema does', () => {
    for (const value of [
      'NOT_FOUND',
      'VERSION_CONFLICT',
      'not_found',
      'NOPE',
      '',
      404,
      null,
      undefined,
    ])
      expect(isErrorCode(value)).toBe(errorCodeSchema.safeParse(value).success);
  });
});
