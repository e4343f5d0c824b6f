/**
 * Storage failures a service turns into answers: a repository translates the driver's errors into these, so
 * services (and their in-memory fakes) never see PostgreSQL error codes.
 */

/** A unique index refused the write (a race the service's own duplicate check could not see). */
export class UniqueViolationError extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`unique violation${constraint ? ` on ${constraint}` : ''}`);
    this.name = 'UniqueViolationError';
  }
}

/** A foreign key refused the write or delete (for example a unit still used by a material). */
export class ForeignKeyViolationError extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`foreign key violation${constraint ? ` on ${constraint}` : ''}`);
    this.name = 'ForeignKeyViolationError';
  }
}

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
}

/** The PostgreSQL error of `error`: the error itself (pg, PGlite) or its cause (Drizzle's DrizzleQueryError). */
export function pgErrorOf(error: unknown): PgErrorFields | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const direct = error as PgErrorFields & { cause?: unknown };
  if (typeof direct.code === 'string') return direct;
  const cause = direct.cause;
  if (
    typeof cause === 'object' &&
    cause !== null &&
    typeof (cause as PgErrorFields).code === 'string'
  ) {
    return cause as PgErrorFields;
  }
  return undefined;
}

/**
 * Runs a query and rethrows unique (23505) and foreign-key violations as the errors above. A foreign key with
 * ON DELETE RESTRICT reports `restrict_violation` (23001) on recent PostgreSQL, NO ACTION reports 23503.
 */
export async function translateDbErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const pgError = pgErrorOf(error);
    const constraint = typeof pgError?.constraint === 'string' ? pgError.constraint : undefined;
    if (pgError?.code === '23505') throw new UniqueViolationError(constraint);
    if (pgError?.code === '23503' || pgError?.code === '23001')
      throw new ForeignKeyViolationError(constraint);
    throw error;
  }
}

/**
 * PostgreSQL data exceptions that bad input can still reach after validation (a NUL character in text or jsonb,
 * a number out of a column's range, text that is not a number): answered as 422, never as 500.
 */
const DATA_EXCEPTION_CODES = new Set(['22P05', '22021', '22003', '22P02', '22001']);

/** True when `error` is one of {@link DATA_EXCEPTION_CODES}. */
export function isDataException(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return typeof code === 'string' && DATA_EXCEPTION_CODES.has(code);
}
