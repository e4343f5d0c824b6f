import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { copyDataFolder } from '../../../scripts/lib/process-tools.mjs';
import { newIdentifier } from '../src/lib/random';

/**
 * The database every HTTP test file starts from, made once per run (test/global-setup.ts) instead of once per file.
 * A fresh embedded PGlite costs ≈ 5 s of CPU (its initdb, the migrations, the seed, the administrator's password
 * hash); a copy of a migrated and seeded data folder opens in ≈ 2 s, and on PostgreSQL `CREATE DATABASE … TEMPLATE`
 * skips the migrations. The copy is the same database a fresh one is after the start's work: the app still runs its
 * migrations (finding them applied) and its boot work (finding the seed and the administrator there) on it.
 */
export interface DatabaseTemplate {
  /** PGlite: the template's data folder, copied per test file into `runDir`. */
  pgliteDir?: string;
  /**
   * The run's folder, removed by the global teardown even when a worker was killed or a file never closed its app:
   * the per-file PGlite copies and each app's document files.
   */
  runDir?: string;
  /** PostgreSQL (TEST_DATABASE_URL): the template database's name on that server. */
  postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** The template of this run; empty outside vitest or when no global setup made one (then each file migrates). */
export function databaseTemplate(): DatabaseTemplate {
  try {
    return inject('databaseTemplate') ?? {};
  } catch {
    // `inject` throws outside a vitest worker (a script importing the helpers).
    return {};
  }
}

/**
 * A new PGlite data folder copied from the template (removed by the returned `remove`), in the run's folder, which
 * the global teardown deletes even when a worker was killed.
 */
export async function copyPgliteTemplate(
  templateDir: string,
  runDir: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = join(runDir, `db-${newIdentifier()}`);
  await copyDataFolder(templateDir, dir);
  return { dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) };
}

/** A folder for one run's databases, removed by the global teardown. */
export function makeRunFolder(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'medcalc-test-'));
}
