import pg from 'pg';
import { newIdentifier } from '../src/lib/random';

/**
 * A new empty database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl` (the test server of
 * scripts/test-pg.mjs, or the bench's), with the URL to open it and a `drop` that removes it even while
 * connections are still open. The HTTP tests, the real-server tests and the orders bench all make theirs here.
 * With `template` (a database nobody is connected to) the new database is a copy of it instead of empty.
 */
export async function createScratchPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${newIdentifier()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
