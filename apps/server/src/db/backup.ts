import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, type Dirent } from 'node:fs';
import { copyFile, mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Piscina } from 'piscina';
import { lockDataDir } from '../lib/data-dir';
import { workerFile } from '../lib/worker-file';
import { openPglite } from './pglite-client';

/*
 * Backups (README "Backups", issue 40). Taking one (online, while the server runs): on embedded PGlite the data
 * folder, copied while the app works and made whole in a quiet moment of the running client (no query of the app
 * runs, db/pglite-client.ts `quiesce`), then packed as PGlite's .tar.gz in a worker thread (backup-worker.ts); on
 * PostgreSQL `pg_dump` in the custom format on a snapshot exported by a REPEATABLE READ transaction. Either way the
 * rows of every table are counted in that same moment, and the backup is proven by a restore into a throwaway
 * database (PGlite in memory, in the worker thread; a new PostgreSQL database) whose counts must be the same. A
 * restore (`npm run db:restore`) stays a stopped-server command.
 */

export class BackupError extends Error {}

/** Another backup holds the lock (PostgreSQL: an advisory lock, so instances never take two at once). */
export class BackupBusyError extends BackupError {}

/** Rows per table (`schema.table`) at the moment of a backup. */
export type RowCounts = Record<string, number>;

type Rows = Array<Record<string, unknown>>;
type RunSql = (sql: string) => Promise<Rows>;

/** The advisory-lock key of a PostgreSQL backup (`mcbk` in ASCII); the start-up lock's key is another. */
export const BACKUP_LOCK_KEY = 0x6d63626b;

const TABLES_SQL = `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
  WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1, 2`;

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Counts the rows of every table of the app's schemas, in one statement (one snapshot). */
export async function countRows(run: RunSql): Promise<RowCounts> {
  const tables = (await run(TABLES_SQL)).map((row) => ({
    schema: String(row.schema),
    name: String(row.name),
  }));
  if (tables.length === 0) return {};
  const columns = tables.map(
    (table, index) =>
      `(SELECT count(*) FROM ${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)})::int AS c${index}`,
  );
  const [row = {}] = await run(`SELECT ${columns.join(', ')}`);
  return Object.fromEntries(
    tables.map((table, index) => [`${table.schema}.${table.name}`, Number(row[`c${index}`])]),
  );
}

/** What differs between the counts a backup recorded and the ones its restore holds; empty when none. */
export function countDifferences(recorded: RowCounts, restored: RowCounts): string[] {
  if (Object.keys(recorded).length === 0) return ['the backup recorded no tables'];
  return Object.entries(recorded).flatMap(([table, count]) => {
    const found = restored[table];
    if (found === undefined) return [`table ${table} is missing`];
    return found === count
      ? []
      : [`table ${table} has ${found} rows, the backup recorded ${count}`];
  });
}

/**
 * Writes `file` through `file.partial` (which `write` fills), synced before it is renamed into place: a reader never
 * sees a half-written backup, and a failed write leaves no partial file behind.
 */
async function writeThroughPartial(
  file: string,
  write: (partial: string) => Promise<unknown>,
): Promise<void> {
  const partial = `${file}.partial`;
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await write(partial);
    await syncFile(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Writes `bytes` gzipped to `file` through `file.partial` ({@link writeThroughPartial}). */
const writeGzipped = (bytes: Uint8Array, file: string): Promise<void> =>
  writeThroughPartial(file, (partial) =>
    pipeline(Readable.from([bytes]), createGzip(), createWriteStream(partial)),
  );

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A task of the backup worker (backup-worker.ts): pack a copied data folder into `file`, or prove `file`. */
export type BackupWorkerTask =
  { kind: 'pack'; copy: string; file: string } | { kind: 'prove'; file: string; counts: RowCounts };

/** Runs one task in a worker thread of its own (ended after it: a backup is rare, its PGlite's memory large). */
async function inBackupWorker<T>(task: BackupWorkerTask): Promise<T> {
  const pool = new Piscina<BackupWorkerTask, T>({
    filename: workerFile('backup-worker', import.meta.url, '../../dist'),
    minThreads: 0,
    maxThreads: 1,
  });
  try {
    return await pool.run(task);
  } finally {
    await pool.destroy();
  }
}

/** The folders and files under `folder`, as paths relative to it. */
async function listFolder(folder: string): Promise<{ dirs: string[]; files: string[] }> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const relative = (entry: Dirent) =>
    path.relative(folder, path.join(entry.parentPath, entry.name));
  return {
    dirs: entries.filter((entry) => entry.isDirectory()).map(relative),
    files: entries.filter((entry) => entry.isFile()).map(relative),
  };
}

/** Runs `work` on every item, `width` at a time (the file copies share libuv's few threads with the app). */
async function eachOf<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.pop(); item !== undefined; item = queue.pop()) await work(item);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** File times may be as coarse as 2 s (FAT; 1 s on ext3): a file changed this close to a pass is copied again. */
const FILE_TIME_MARGIN_MS = 2_000;
/**
 * Files copied at once. libuv's 4 threads also serve the app (zlib of the answers, fs), and one copy of a 16 MB WAL
 * segment holds a thread for as long as the disk takes: one at a time leaves the others to the app.
 */
const COPY_WIDTH = 1;
/** Files looked at (stat) at once: short calls. */
const STAT_WIDTH = 4;

/** Copies `from` to `to`; false when `from` was removed meanwhile (a recycled WAL segment). */
const copyIfThere = (from: string, to: string) =>
  copyFile(from, to).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/**
 * Copies the data folder `from` to `to` in passes, with plain asynchronous file copies (the event loop stays
 * free). The first copies everything while the database works (files may change under it); each `pass()` after it
 * copies again the files changed since the previous pass began (modification or change time: a file renamed over
 * another keeps its own mtime), and the new ones, and removes the ones gone. A pass run while no query runs makes
 * the copy the folder as it is at that moment.
 */
export async function copyDataFolder(from: string, to: string) {
  let copied = new Set<string>();
  let since: number | undefined;
  const pass = async (): Promise<void> => {
    const began = Date.now();
    const { dirs, files } = await listFolder(from);
    for (const dir of ['', ...dirs]) await mkdir(path.join(to, dir), { recursive: true });
    const present = new Set(files);
    await eachOf(
      [...copied].filter((file) => !present.has(file)),
      STAT_WIDTH,
      (file) => rm(path.join(to, file), { force: true }),
    );
    const changed: string[] = [];
    await eachOf(files, STAT_WIDTH, async (file) => {
      if (since !== undefined && copied.has(file)) {
        const times = await stat(path.join(from, file)).catch(() => undefined);
        if (times && Math.max(times.mtimeMs, times.ctimeMs) < since - FILE_TIME_MARGIN_MS) return;
      }
      changed.push(file);
    });
    await eachOf(changed, COPY_WIDTH, async (file) => {
      if (await copyIfThere(path.join(from, file), path.join(to, file))) return;
      // Gone meanwhile: so is its copy of an earlier pass.
      present.delete(file);
      await rm(path.join(to, file), { force: true });
    });
    copied = present;
    since = began;
  };
  await pass();
  return {
    pass,
    /** Waits until a file last changed before the previous pass began is told apart by its time, then passes. */
    async settledPass(): Promise<void> {
      const wait = (since ?? 0) + FILE_TIME_MARGIN_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await pass();
    },
  };
}

/**
 * Takes an online backup of a running PGlite. Its data folder is copied beside `file` while the app goes on (twice:
 * the second pass only what changed since the first began), then, in one quiet moment (`quiesce`: no query of the app runs, the ones running were finished), the rows are counted
 * and the files changed since are copied again; queries go on as soon as the copy is whole. A worker thread then
 * opens the copy, packs it as PGlite's tarball (gzipped into `file`) and removes it. The folder is what every
 * acknowledged commit left (PostgreSQL recovers it as after a crash, an open transaction's work not committed), so
 * the backup holds exactly the counted rows. A database in memory (tests) has no folder: its tarball is taken in
 * the quiet moment instead.
 */
export async function takePgliteBackup(
  quiesce: <T>(work: (pglite: PGlite) => Promise<T>) => Promise<T>,
  folder: string | undefined,
  file: string,
): Promise<RowCounts> {
  const countOf = (pglite: PGlite) =>
    countRows(async (sql) => (await pglite.query<Rows[number]>(sql)).rows);
  if (folder === undefined) {
    const { counts, tarball } = await quiesce(async (pglite) => ({
      counts: await countOf(pglite),
      tarball: await pglite.dumpDataDir('none'),
    }));
    await writeGzipped(new Uint8Array(await tarball.arrayBuffer()), file);
    return counts;
  }
  const copy = `${file}.copy`;
  await rm(copy, { recursive: true, force: true });
  try {
    const copying = await copyDataFolder(folder, copy);
    // A second pass while the app works takes the files written just before the backup, so the one in the quiet
    // moment copies only what changed during the backup (the WAL being written, mostly).
    await copying.settledPass();
    const counts = await quiesce(async (pglite) => {
      const counted = await countOf(pglite);
      await copying.pass();
      return counted;
    });
    await inBackupWorker<void>({ kind: 'pack', copy, file });
    return counts;
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** In the backup worker: opens the copied data folder `copy` (recovering it) and writes its tarball to `file`. */
export async function packPgliteCopy(copy: string, file: string): Promise<void> {
  const db = await openPglite(copy, {}, false);
  let tarball: Blob;
  try {
    tarball = await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
  await writeGzipped(new Uint8Array(await tarball.arrayBuffer()), file);
}

/** Restores a PGlite backup into a throwaway in-memory database and compares its row counts with `counts`. */
export async function provePgliteBackup(file: string, counts: RowCounts): Promise<string[]> {
  const db = await PGlite.create({
    loadDataDir: new Blob([new Uint8Array(await readBackup(file))]),
  });
  try {
    return countDifferences(
      counts,
      await countRows(async (sql) => (await db.query<Rows[number]>(sql)).rows),
    );
  } finally {
    await db.close();
  }
}

/** {@link provePgliteBackup} in a worker thread: the restore's WebAssembly does not hold the event loop. */
export const provePgliteBackupInWorker = (file: string, counts: RowCounts) =>
  inBackupWorker<string[]>({ kind: 'prove', file, counts });

/** The bytes of the folder `folder` (what {@link takePgliteBackup} copies beside the backup for a while). */
export async function folderBytes(folder: string): Promise<number> {
  const { files } = await listFolder(folder);
  let bytes = 0;
  await eachOf(files, STAT_WIDTH, async (file) => {
    bytes += (await stat(path.join(folder, file))).size;
  });
  return bytes;
}

/**
 * Takes an online backup of PostgreSQL: a REPEATABLE READ transaction exports its snapshot, counts the rows in it,
 * and `pg_dump --snapshot` dumps exactly that snapshot. A session advisory lock ({@link BACKUP_LOCK_KEY}) makes a
 * second backup at the same time (another instance's, the CLI's) fail with {@link BackupBusyError}.
 */
export async function takePostgresBackup(databaseUrl: string, file: string): Promise<RowCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      BACKUP_LOCK_KEY,
    ]);
    if (!locked.rows[0]?.ok) {
      throw new BackupBusyError('Another backup of this PostgreSQL database is running.');
    }
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const counts = await countRows(async (sql) => (await client.query(sql)).rows);
    await writeThroughPartial(file, (partial) =>
      runPgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot.rows[0]?.id ?? ''}`,
        `--file=${partial}`,
        `--dbname=${databaseUrl}`,
      ]),
    );
    await client.query('COMMIT');
    return counts;
  } finally {
    // Ending the session releases the advisory lock.
    await client.end();
  }
}

/** The URL of database `name` on the server of `databaseUrl`. */
function urlOfDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Restores a PostgreSQL backup into a new throwaway database on the same server (the role needs CREATEDB),
 * compares its row counts with `counts`, and drops it.
 */
export async function provePostgresBackup(
  databaseUrl: string,
  file: string,
  counts: RowCounts,
): Promise<string[]> {
  const name = `medcalc_backup_check_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      await runPgTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${urlOfDatabase(databaseUrl, name)}`,
        file,
      ]);
      const check = new pg.Client({ connectionString: urlOfDatabase(databaseUrl, name) });
      await check.connect();
      try {
        return countDifferences(
          counts,
          await countRows(async (sql) => (await check.query(sql)).rows),
        );
      } finally {
        await check.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

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

/**
 * Backs up the PGlite data folder `pgliteDir` (inside `dataDir`) while no server runs on it: the data-folder lock
 * is held, and the backup is taken as the server takes it ({@link takePgliteBackup}). Answers the row counts.
 */
export async function backupStoppedPglite(options: {
  dataDir: string;
  pgliteDir: string;
  file: string;
}): Promise<RowCounts> {
  const { dataDir, pgliteDir, file } = options;
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${pgliteDir} to back up.`);
  }
  return withDataDirLock(dataDir, async () => {
    const db = await openPglite(pgliteDir);
    try {
      return await takePgliteBackup((work) => work(db), pgliteDir, file);
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
      const db = await openPglite(pgliteDir, { loadDataDir: tarball });
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
