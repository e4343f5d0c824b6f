import { loadConfig, loadDotEnv } from '../config/env';
import { openDatabase } from './client';
import { seedReferenceData } from './seed';

// `npm run db:seed`: migrates and seeds the reference data into the database the server is configured for
// (the server does both on every start too; this is for seeding by hand).
loadDotEnv();
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  // Under the start-up lock: instances starting meanwhile on the same PostgreSQL wait for it.
  const summary = await handle.exclusive(() => seedReferenceData(handle.db));
  for (const [table, { total, inserted }] of Object.entries(summary)) {
    console.log(
      `${table}: ${total} rows (${inserted} inserted, ${total - inserted} already there)`,
    );
  }
} finally {
  await handle.close();
}
