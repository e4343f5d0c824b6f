// TEMPORARY probe for scripts/test-pg.mjs — to be deleted.
import pg from 'pg';
import { expect, test } from 'vitest';

test.skipIf(!process.env.TEST_DATABASE_URL)('connects to TEST_DATABASE_URL', async () => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("select version() as v, upper('абв') as u");
  console.log(rows[0]);
  expect(rows[0].u).toBe(process.env.PROBE_FAIL ? 'x' : 'АБВ');
  if (process.env.PROBE_SLOW) await new Promise((r) => setTimeout(r, 20_000));
  await client.end();
});
