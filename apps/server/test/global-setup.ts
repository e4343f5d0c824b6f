import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildStale } from '../../../scripts/start.mjs';
import { readTestDatabaseUrl } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { makeRunFolder, type DatabaseTemplate } from './database-template';
import { startTestApp } from './helper';
import { createScratchPostgresDatabase } from './scratch-postgres';

/**
 * Once per run of the server's tests: the migrated and seeded database every test file copies
 * (test/database-template.ts). It is made by the same start the tests' apps go through (buildTestApp's config and
 * boot work), on PostgreSQL as a database of TEST_DATABASE_URL's server (dropped by the teardown), on PGlite in a
 * data folder kept between runs under the temp folder, named by a hash of everything that shapes it
 * ({@link pgliteTemplateDir}), so running one test file does not make it again. The per-file PGlite copies and the
 * apps' document files live in the run's folder, which the teardown removes.
 */
export default async function setup(project: TestProject) {
  // The server processes some files start (test/server-process.ts) run the compiled server, as `npm start` does:
  // built here when its sources changed since the last build (under a second), which saves ≈ 3 s of CPU a start
  // under tsx. Again before each rerun of watch mode, which keeps this setup.
  await buildCompiledServer();
  project.onTestsRerun(buildCompiledServer);
  const runFolder = await makeRunFolder();
  const serverUrl = readTestDatabaseUrl();
  let template: DatabaseTemplate;
  let dropTemplate: () => Promise<void> = async () => undefined;
  if (serverUrl) {
    const scratch = await createScratchPostgresDatabase(serverUrl, 'medcalc_template');
    dropTemplate = scratch.drop;
    await startTemplateApp(await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' }));
    template = { postgresName: scratch.name, runDir: runFolder };
  } else {
    template = { pgliteDir: await pgliteTemplateDir(runFolder), runDir: runFolder };
  }
  project.provide('databaseTemplate', template);
  return async () => {
    await dropTemplate();
    await rm(runFolder, { recursive: true, force: true, maxRetries: 3 });
  };
}

/** Builds apps/server/dist when its sources changed since its last build (scripts/start.mjs `buildStale`). */
async function buildCompiledServer(): Promise<void> {
  try {
    await buildStale({
      only: ['server'],
      log: (line) => {
        if (!line.endsWith('up to date')) console.log(`[server tests] ${line}`);
      },
    });
  } catch (error) {
    throw new Error('building apps/server/dist, which test/server-process.ts starts, failed', {
      cause: error,
    });
  }
}

/** Starts the tests' app on `database` (migrations, seed, administrator) and closes it with its database. */
async function startTemplateApp(database: Awaited<ReturnType<typeof openDatabase>>) {
  const ctx = await startTestApp(database, async () => undefined);
  await ctx.close();
}

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = join(SERVER_ROOT, '..', '..');
/** What the template's rows come from: migrations, seed and boot code, the test app's config, PGlite's version. */
const TEMPLATE_INPUTS = [
  join(SERVER_ROOT, 'src'),
  join(SERVER_ROOT, 'drizzle'),
  join(SERVER_ROOT, 'test', 'helper.ts'),
  join(SERVER_ROOT, 'test', 'global-setup.ts'),
  join(REPO_ROOT, 'packages', 'domain', 'src'),
  join(REPO_ROOT, 'package-lock.json'),
];

async function hashInputs(hash: ReturnType<typeof createHash>, path: string): Promise<void> {
  if ((await stat(path)).isDirectory()) {
    for (const name of (await readdir(path)).sort()) await hashInputs(hash, join(path, name));
    return;
  }
  hash.update(path).update(await readFile(path));
}

/**
 * The PGlite template's folder, made first when no earlier run left one for the same inputs: built in the run's
 * folder and renamed into place, so a run never sees a half-made template; a run that loses the race to another
 * uses the other's. Templates of other inputs (older sources) are removed a day after their last use.
 */
async function pgliteTemplateDir(runFolder: string): Promise<string> {
  const hash = createHash('sha256');
  for (const input of TEMPLATE_INPUTS) await hashInputs(hash, input);
  const name = `medcalc-test-template-${hash.digest('hex').slice(0, 16)}`;
  const dir = join(tmpdir(), name);
  const made = await stat(dir).then(
    () => true,
    () => false,
  );
  if (!made) {
    const building = join(runFolder, 'template');
    await startTemplateApp(await openDatabase({ pgliteDir: building }));
    await rename(building, dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another run renamed its template first (ENOTEMPTY/EEXIST): that one is the same.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      await rm(building, { recursive: true, force: true });
    });
  }
  // The time of last use, which the clean-up below goes by (other worktrees may be on other sources).
  const now = new Date();
  await utimes(dir, now, now);
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const other of await readdir(tmpdir())) {
    if (!other.startsWith('medcalc-test-template-') || other === name) continue;
    const path = join(tmpdir(), other);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < dayAgo) await rm(path, { recursive: true, force: true });
  }
  return dir;
}
