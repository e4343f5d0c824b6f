import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { DatabaseUnavailableError } from '../lib/db-errors';
import { openPgliteForDrizzle } from './pglite-client';
import type { QueryFaults } from './query-faults';
import * as schema from './schema';

/** The Drizzle client type every repository receives; PGlite and node-postgres share the query API. */
export type Database = ReturnType<typeof drizzlePg<typeof schema>>;
/** A transaction handle, accepted wherever a repository takes an optional `tx`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the URL it was opened with (pg_dump and the backup's check connect with it, issue 40). */
  url?: string;
  /**
   * Runs `work` as the only instance doing start-up work: on PostgreSQL it holds a session advisory lock
   * ({@link STARTUP_LOCK_KEY}) on a connection of its own, so instances started together migrate and seed one
   * after another (the later ones find everything done); embedded PGlite is one process per folder anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Embedded PGlite only: runs `work` on the PGlite client while none of the app's queries runs (an online
   * backup's consistent moment, issue 40; db/pglite-client.ts `quiesce`).
   */
  quiesce?: <T>(work: (pglite: PGlite) => Promise<T>) => Promise<T>;
  /** Embedded PGlite on a folder (not `memory://`): the folder, which an online backup copies. */
  folder?: string;
  close(): Promise<void>;
}

/** The key of the advisory lock around migrations and seeding (`medc` in ASCII); any fixed bigint would do. */
export const STARTUP_LOCK_KEY = 0x6d656463;

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * How long opening a PostgreSQL connection may take. node-postgres waits without limit by default, so a database
 * host that drops packets held every request for the operating system's TCP timeout (minutes); after this the
 * connect fails and the request answers 503 (plugins/error-handler.ts).
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

/**
 * node-postgres's error as the layers above read it. An error the server sent (`DatabaseError`, with its SQLSTATE)
 * or a socket error with a code is kept; a programming error (TypeError, RangeError) too. What is left has neither
 * a SQLSTATE nor a code, and node-postgres raises such errors when a connection could not be opened in time, was
 * terminated under a query, or the pool is closed: a {@link DatabaseUnavailableError}, the driver's error as cause.
 */
export function translatePgError(error: unknown): unknown {
  if (
    error instanceof pg.DatabaseError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof TypeError ||
    error instanceof RangeError
  ) {
    return error;
  }
  if (typeof (error as { code?: unknown } | null)?.code === 'string') return error;
  return new DatabaseUnavailableError(error);
}

type Callback = (error: Error | undefined, ...rest: unknown[]) => void;

/** The SQL text of a node-postgres query argument (a string or a `{ text }` config). */
const sqlOf = (config: unknown) =>
  typeof config === 'string' ? config : String((config as { text?: unknown }).text ?? '');

/**
 * Wraps `run(args…, callback?)`, a node-postgres method that takes an optional trailing callback or answers a
 * promise: its failures are passed through {@link translatePgError}, and `faults` may fail it before it runs.
 */
function guarded(
  run: (...args: unknown[]) => unknown,
  faults: QueryFaults | undefined,
): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    const last = args.at(-1);
    const callback = typeof last === 'function' ? (last as Callback) : undefined;
    // An injected fault is translated like the driver's own error would be.
    const fault = faults?.next(sqlOf(args[0]));
    if (callback) {
      if (fault) return void process.nextTick(() => callback(translatePgError(fault) as Error));
      return run(...args.slice(0, -1), (error: Error | undefined, ...rest: unknown[]) =>
        callback(error ? (translatePgError(error) as Error) : error, ...rest),
      );
    }
    if (fault) return Promise.reject(translatePgError(fault));
    const result = run(...args);
    // A submittable (a cursor, a stream) is answered as it is; none is used here.
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      throw translatePgError(error);
    });
  };
}

/** A PostgreSQL client that gives up connecting after {@link PG_CONNECT_TIMEOUT_MS}. */
class TimedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    });
  }
}

/**
 * The node-postgres pool Drizzle gets: connection failures come out as {@link DatabaseUnavailableError}, whichever
 * path they take (the pool's `connect` and `query`, and each client's `query`, which a transaction uses).
 */
function openPgPool(databaseUrl: string, faults: QueryFaults | undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, Client: TimedClient });
  // Instance properties: pg-pool's own `query` calls `this.connect`, so it goes through the wrapper too.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = guarded(connect, undefined) as typeof pool.connect;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = guarded(query, undefined) as typeof pool.query;
  pool.on('connect', (client) => {
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = guarded(clientQuery, faults) as typeof client.query;
  });
  return pool;
}

/**
 * Opens PostgreSQL when `databaseUrl` is given, otherwise embedded PGlite in `pgliteDir` (a folder, or
 * `memory://` for tests), and applies the committed migrations. The same schema and SQL serve both.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** Told about a pooled PostgreSQL connection that died while idle (the pool then replaces it). */
  onIdleConnectionError?: (error: Error) => void;
  /** Tests only: errors to fail chosen statements with (db/query-faults.ts). */
  faults?: QueryFaults;
  /** Tests only: `false` opens a PGlite folder without fsync (db/pglite-client.ts `openPglite`). */
  durable?: boolean;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = openPgPool(options.databaseUrl, options.faults);
    // Note: node-postgres emits an idle connection's error (a server restart, a terminated backend) on the pool,
    // and an 'error' event nobody listens to crashes the process. The pool has already dropped that connection and
    // the next query opens a new one; a query running on a connection that dies still fails on its own.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = await pool.connect();
      try {
        // Waits while another instance holds it; released below, or by PostgreSQL if this process dies.
        await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    };
    await exclusive(() => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    return { db, kind: 'postgres', url: options.databaseUrl, exclusive, close: () => pool.end() };
  }
  // The client Drizzle gets skips PGlite's per-query merge of Drizzle's type parsers (db/pglite-client.ts).
  const { client, forDrizzle, quiesce } = await openPgliteForDrizzle(
    options.pgliteDir,
    options.faults,
    options.durable,
  );
  const pgliteDb = drizzlePglite({ client: forDrizzle, schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  // Note: the PGlite and node-postgres drivers expose the same query builder; typing both as one
  // `Database` keeps repositories driver-agnostic.
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exclusive: (work) => work(),
    quiesce,
    ...(options.pgliteDir.startsWith('memory://') ? {} : { folder: options.pgliteDir }),
    close: () => client.close(),
  };
}
