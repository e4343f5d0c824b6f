import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

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
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create(options.pgliteDir);
  const pgliteDb = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  // Note: the PGlite and node-postgres drivers expose the same query builder; typing both as one
  // `Database` keeps repositories driver-agnostic.
  const db = pgliteDb as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}
