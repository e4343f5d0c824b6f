import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../lib/data-dir';

/*
 * `npm run db:backup` / `npm run db:restore` (README "Backups"). Embedded PGlite: the data folder as a .tar.gz
 * (PGlite's own dumpDataDir / loadDataDir), taken and restored with the server stopped: the data-folder lock is
 * held meanwhile, so a running server makes both refuse. PostgreSQL: pg_dump / pg_restore in the custom format.
 */

export class BackupError extends Error {}

/** `medcalc-2026-11-22T10-00-00` : a file name that sorts by time and is valid everywhere. */
export function backupBaseName(at: Date = new Date()): string {
  return `medcalc-${at.toISOString().slice(0, 19).replaceAll(':', '-')}`;
}

/** The default backup file: `DATA_DIR/backups/medcalc-<time>.tar.gz` (PGlite) or `.dump` (PostgreSQL). */
export function defaultBackupFile(dataDir: string, kind: 'pglite' | 'postgres', at?: Date) {
  return path.join(
    dataDir,
    'backups',
    `${backupBaseName(at)}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`,
  );
}

/** Runs `work` holding the data-folder lock (refuses, with the lock's message, while a server runs on it). */
async function withDataDirLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const release = lockDataDir(dataDir);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Writes the PGlite data folder `pgliteDir` (inside `dataDir`) to `file` as a gzipped tarball. */
export async function backupPglite(options: { dataDir: string; pgliteDir: string; file: string }) {
  const { dataDir, pgliteDir, file } = options;
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${pgliteDir} to back up.`);
  }
  await withDataDirLock(dataDir, async () => {
    const db = await PGlite.create(pgliteDir);
    try {
      // A checkpoint first, so the tarball's files hold every commit without replaying the WAL.
      await db.exec('CHECKPOINT');
      const tarball = await db.dumpDataDir('gzip');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await db.close();
    }
  });
}

/**
 * Replaces the PGlite data folder with the tarball `file`. The current folder is kept beside it as
 * `pglite.before-restore-<time>` (deleted by hand once the restore is checked), and put back if loading fails.
 */
export async function restorePglite(options: {
  dataDir: string;
  pgliteDir: string;
  file: string;
}): Promise<{ previous: string | undefined }> {
  const { dataDir, pgliteDir, file } = options;
  const tarball = new Blob([new Uint8Array(await readBackup(file))]);
  return withDataDirLock(dataDir, async () => {
    const hasData = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
    const previous = hasData
      ? `${pgliteDir}.before-restore-${backupBaseName().slice('medcalc-'.length)}`
      : undefined;
    if (previous) await rename(pgliteDir, previous);
    else await rm(pgliteDir, { recursive: true, force: true });
    try {
      const db = await PGlite.create({ dataDir: pgliteDir, loadDataDir: tarball });
      try {
        await db.query('SELECT count(*) FROM drizzle.__drizzle_migrations');
      } finally {
        await db.close();
      }
    } catch (error) {
      await rm(pgliteDir, { recursive: true, force: true });
      if (previous) await rename(previous, pgliteDir);
      throw new BackupError(
        `${file} could not be restored (${(error as Error).message}); the database was left as it was.`,
      );
    }
    return { previous };
  });
}

async function readBackup(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch {
    throw new BackupError(`Backup file ${file} not found or not readable.`);
  }
}

/** Runs a PostgreSQL client program; rejects with its stderr when it fails or is missing. */
function runPgTool(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) =>
      reject(
        new BackupError(
          `${program} could not be started (${error.message}). Install PostgreSQL's client programs ` +
            '(Debian: apt-get install -y postgresql-client).',
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${program} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** `pg_dump` of the whole database in the custom format (compressed; restored with pg_restore). */
export async function backupPostgres(options: { databaseUrl: string; file: string }) {
  await mkdir(path.dirname(options.file), { recursive: true });
  await runPgTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${options.file}`,
    `--dbname=${options.databaseUrl}`,
  ]);
}

/**
 * `pg_restore` of a backup into the configured database, in one transaction: every table of the backup is
 * dropped and recreated with the backup's rows (so rows written since are gone); any error rolls it all back.
 */
export async function restorePostgres(options: { databaseUrl: string; file: string }) {
  await readBackup(options.file);
  await runPgTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${options.databaseUrl}`,
    options.file,
  ]);
}
