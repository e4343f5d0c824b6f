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

/**
 * The database cannot be reached: the driver lost or could not open its connection and says so without a code of
 * its own (node-postgres: a refused or timed-out connect through the pool, a connection terminated under a query;
 * PGlite: a query on a closed database). The db layer (db/client.ts, db/pglite-client.ts) raises it in place of
 * the driver's error, which it keeps as `cause`, so nothing above it reads a driver's message text.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the database is unreachable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * What a storage failure means for the caller: retry later (`unavailable`) or no space left (`disk-full`), with
 * the code that said so (a SQLSTATE, a system error code, or the class name of {@link DatabaseUnavailableError}).
 */
export interface DatabaseTrouble {
  kind: 'unavailable' | 'disk-full';
  code: string;
}

/**
 * Node's socket errors (`code` of a system error) meaning the database server could not be reached or dropped the
 * connection.
 */
const UNREACHABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or cannot take the connection: admin_shutdown (a stopped
 * server ends its sessions with it), crash_shutdown, cannot_connect_now (starting up or shutting down),
 * too_many_connections. Class 08 (connection exceptions) is matched as a class.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** disk_full (53100): PostgreSQL's and PGlite's answer to ENOSPC on the database's own files. */
const DISK_FULL_SQLSTATE = '53100';

/** The errors `error` stands for: itself, its `cause` chain (Drizzle wraps the driver's error) and an AggregateError's. */
function* errorChain(error: unknown, depth = 0): Generator<unknown> {
  if (typeof error !== 'object' || error === null || depth > 5) return;
  yield error;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) yield* errorChain(inner, depth + 1);
  }
  yield* errorChain((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * Whether `error` (or what it wraps) says the database is unreachable or out of space, by class or code only: a
 * {@link DatabaseUnavailableError}, a socket error code, a SQLSTATE, or ENOSPC (a full disk under any file the
 * server writes, e.g. the mail outbox). Undefined for every other error.
 */
export function databaseTroubleOf(error: unknown): DatabaseTrouble | undefined {
  for (const link of errorChain(error)) {
    if (link instanceof DatabaseUnavailableError) return { kind: 'unavailable', code: link.name };
    const code = (link as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (code === 'ENOSPC' || code === DISK_FULL_SQLSTATE) return { kind: 'disk-full', code };
    if (
      UNREACHABLE_SYSTEM_CODES.has(code) ||
      UNAVAILABLE_SQLSTATES.has(code) ||
      /^08[0-9A-Z]{3}$/.test(code)
    ) {
      return { kind: 'unavailable', code };
    }
  }
  return undefined;
}
