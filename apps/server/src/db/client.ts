import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPgliteForDrizzle } from './pglite-client';
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
  /**
   * Runs `work` as the only instance doing start-up work: on PostgreSQL it holds a session advisory lock
   * ({@link STARTUP_LOCK_KEY}) on a connection of its own, so instances started together migrate and seed one
   * after another (the later ones find everything done); embedded PGlite is one process per folder anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The key of the advisory lock around migrations and seeding (`medc` in ASCII); any fixed bigint would do. */
export const STARTUP_LOCK_KEY = 0x6d656463;

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens PostgreSQL when `databaseUrl` is given, otherwise embedded PGlite in `pgliteDir` (a folder, or
 * `memory://` for tests), and applies the committed migrations. The same schema and SQL serve both.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** Told about a pooled PostgreSQL connection that died while idle (the pool then replaces it). */
  onIdleConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
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
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  // The client Drizzle gets skips PGlite's per-query merge of Drizzle's type parsers (db/pglite-client.ts).
  const { client, forDrizzle } = await openPgliteForDrizzle(options.pgliteDir);
  const pgliteDb = drizzlePglite({ client: forDrizzle, schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  // Note: the PGlite and node-postgres drivers expose the same query builder; typing both as one
  // `Database` keeps repositories driver-agnostic.
  const db = pgliteDb as unknown as Database;
  return { db, kind: 'pglite', exclusive: (work) => work(), close: () => client.close() };
}
