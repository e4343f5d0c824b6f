import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { categories } from '../src/db/schema';
import { seedReferenceData } from '../src/db/seed';
import { REPO_ROOT, freshPostgresDatabase, serverEnv } from './server-process';

/*
 * Issue 12 "Backups": `npm run db:backup` then `npm run db:restore` bring the database back to the moment of the
 * backup: rows written after it are gone, rows deleted after it are back. The embedded PGlite in the PGlite run
 * (with the server-stopped rule), pg_dump / pg_restore in the PostgreSQL run.
 */

const CLI = path.join(REPO_ROOT, 'apps/server/src/modules/backups/backup-cli.ts');
const BEFORE = 'Категорія до резервної копії';
const AFTER = 'Категорія після резервної копії';

let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'medcalc-backup-'));
  database = await freshPostgresDatabase();
});

afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs backup-cli.ts as `npm run db:backup` / `db:restore` do, on this test's database. */
function cli(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO_ROOT,
      env: serverEnv({
        DATA_DIR: dataDir,
        INIT_CWD: dataDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Opens the database (migrating it), runs `work`, closes it: the server is not running meanwhile. */
async function withDatabase<T>(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({
    databaseUrl: database?.url,
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const categoryNames = () =>
  withDatabase(async (db) =>
    (await db.select({ name: categories.name }).from(categories)).map((r) => r.name),
  );

describe(`db:backup and db:restore (${readTestDatabaseUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores exactly the data of the backup', async () => {
    const seeded = await withDatabase(async (db) => {
      await seedReferenceData(db);
      await db.insert(categories).values({ name: BEFORE });
      return (await db.select().from(categories)).length;
    });

    const file = path.join('backups', database ? 'round-trip.dump' : 'round-trip.tar.gz');
    const backup = await cli('backup', file);
    expect(backup.code, backup.output).toBe(0);
    // A relative file is taken from the folder npm was run in (INIT_CWD).
    expect(statSync(path.join(dataDir, file)).size).toBeGreaterThan(1000);

    await withDatabase(async (db) => {
      await db.delete(categories).where(eq(categories.name, BEFORE));
      await db.insert(categories).values({ name: AFTER });
    });
    expect(await categoryNames()).toContain(AFTER);

    if (!database) {
      // PGlite: a running server holds the data-folder lock, and restoring under it is refused.
      const lock = path.join(dataDir, 'medcalc.lock');
      await writeFile(lock, String(process.pid));
      const refused = await cli('restore', file);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toMatch(/already using the data folder/);
      expect(await categoryNames()).toContain(AFTER);
      await unlink(lock);
    }

    // Issue 40: the backup was proven by a restore, and its record says so beside it.
    const record = JSON.parse(readFileSync(path.join(dataDir, `${file}.json`), 'utf8')) as {
      status: string;
      counts: Record<string, number>;
    };
    expect(record.status).toBe('proven');
    expect(record.counts['public.categories']).toBe(seeded);

    // A copy without its record is refused, unless --force.
    const copy = path.join('backups', database ? 'copy.dump' : 'copy.tar.gz');
    copyFileSync(path.join(dataDir, file), path.join(dataDir, copy));
    const unproven = await cli('restore', copy);
    expect(unproven.code, unproven.output).toBe(1);
    expect(unproven.output).toMatch(/has no record of a check.*--force/s);
    expect(await categoryNames()).toContain(AFTER);
    // A record that says the check failed is refused too.
    writeFileSync(
      path.join(dataDir, `${copy}.json`),
      JSON.stringify({ ...record, status: 'failed', error: 'Перевірка не пройдена' }),
    );
    const failed = await cli('restore', copy);
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toMatch(/was not proven by a restore \(failed/);

    const restore = await cli('restore', copy, '--force');
    expect(restore.code, restore.output).toBe(0);
    const names = await categoryNames();
    expect(names).toContain(BEFORE);
    expect(names).not.toContain(AFTER);
    expect(names).toHaveLength(seeded);
    if (!database) {
      // The replaced folder is kept beside the restored one.
      expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(
        true,
      );
    }
  }, 300_000);

  it('refuses a restore without a file, or from a file that is not there', async () => {
    const missing = await cli('restore');
    expect(missing.code).toBe(2);
    const absent = await cli('restore', 'no-such-backup.tar.gz');
    expect(absent.code).toBe(1);
    expect(absent.output).toMatch(/not found/);
    expect(existsSync(path.join(dataDir, 'no-such-backup.tar.gz'))).toBe(false);
  }, 120_000);
});
