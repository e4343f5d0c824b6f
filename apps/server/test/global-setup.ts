import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readTestDatabaseUrl } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { makeRunFolder, type DatabaseTemplate } from './database-template';
import { startTestApp } from './helper';
import { createScratchPostgresDatabase } from './scratch-postgres';

/**
 * Once per run of the server's tests: the migrated and seeded database every test file copies
 * (test/database-template.ts). It is made by the same start the tests' apps go through (buildTestApp's config and
 * boot work), on PGlite in a data folder, or on PostgreSQL as a database of TEST_DATABASE_URL's server. The
 * teardown removes it with the run's folder, where the per-file PGlite copies live too.
 */
export default async function setup(project: TestProject) {
  const runFolder = await makeRunFolder();
  const serverUrl = readTestDatabaseUrl();
  let template: DatabaseTemplate;
  let dropTemplate: () => Promise<void> = async () => undefined;
  if (serverUrl) {
    const scratch = await createScratchPostgresDatabase(serverUrl, 'medcalc_template');
    dropTemplate = scratch.drop;
    await startTemplateApp(await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' }));
    template = { postgresName: scratch.name };
  } else {
    const pgliteDir = join(runFolder, 'template');
    await startTemplateApp(await openDatabase({ pgliteDir }));
    template = { pgliteDir };
  }
  project.provide('databaseTemplate', template);
  return async () => {
    await dropTemplate();
    await rm(runFolder, { recursive: true, force: true, maxRetries: 3 });
  };
}

/** Starts the tests' app on `database` (migrations, seed, administrator) and closes it with its database. */
async function startTemplateApp(database: Awaited<ReturnType<typeof openDatabase>>) {
  const ctx = await startTestApp(database, async () => undefined);
  await ctx.close();
}
