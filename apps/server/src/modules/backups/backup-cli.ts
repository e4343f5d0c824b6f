import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupEntry } from '@medcalc/domain';
import pg from 'pg';
import { loadConfig, loadDotEnv } from '../../config/env';
import { DataDirLockedError, lockDataDir } from '../../lib/data-dir';
import {
  REQUESTS_FOLDER,
  createBackupService,
  readBackupRecord,
  type BackupEngine,
} from './backup-service';
import {
  BackupError,
  folderBytes,
  provePgliteBackup,
  provePostgresBackup,
  restorePglite,
  restorePostgres,
  takePgliteBackup,
  takePostgresBackup,
} from '../../db/backup';
import { openPglite } from '../../db/pglite-client';

// `npm run db:backup [-- <file>]` and `npm run db:restore -- <file> [--force]` (README "Backups", issue 40).
// Backup: PostgreSQL (DATABASE_URL) online with pg_dump; embedded PGlite by the running server (a request file in
// DATA_DIR/backups/requests, answered within a second) or, with no server on DATA_DIR, by this process under the
// data-folder lock. Either way proven by a restore into a throwaway database, its record beside it.
// Restore: a stopped-server command; a file whose record does not say «proven» is refused unless --force.
// A relative <file> is taken from the folder npm was run in.
loadDotEnv();
const config = loadConfig();
const args = process.argv.slice(2);
const force = args.includes('--force');
const [command, fileArgument] = args.filter((arg) => arg !== '--force');
const baseDir = process.env.INIT_CWD ?? process.cwd();
const kind = config.databaseUrl ? 'postgres' : 'pglite';
/** How long a running server may take to pick a request up (it looks twice a second). */
const PICK_UP_MS = 15_000;

const consoleLog = {
  info: (details: object, message: string) => console.log(message, JSON.stringify(details)),
  warn: (details: object, message: string) => console.warn(message, JSON.stringify(details)),
  error: (details: object, message: string) => console.error(message, JSON.stringify(details)),
};

/** Takes the backup in this process with `engine` (records, the disk rule and retention as the server does). */
async function backupHere(engine: BackupEngine, file: string | undefined): Promise<BackupEntry> {
  const service = createBackupService({
    engine,
    ...config.backups,
    schedule: { kind: 'off' },
    log: consoleLog,
  });
  return service.runNow('cli', file ? { file } : {});
}

/** Asks the server running on DATA_DIR for the backup and waits for its answer. */
async function backupByServer(file: string | undefined): Promise<BackupEntry> {
  const folder = path.join(config.backups.dir, REQUESTS_FOLDER);
  await mkdir(folder, { recursive: true });
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const request = path.join(folder, `${id}.request.json`);
  await writeFile(`${request}.partial`, JSON.stringify(file ? { file } : {}));
  await rename(`${request}.partial`, request);
  const result = path.join(folder, `${id}.result.json`);
  const asked = Date.now();
  console.log('a server runs on the data folder: it takes the backup (waiting for it)');
  for (;;) {
    if (existsSync(result)) {
      const answer = JSON.parse(await readFile(result, 'utf8')) as {
        entry?: BackupEntry;
        error?: string;
      };
      await rm(result, { force: true });
      if (!answer.entry) throw new BackupError(`The server's backup failed: ${answer.error}`);
      return answer.entry;
    }
    if (existsSync(request) && Date.now() - asked > PICK_UP_MS) {
      await rm(request, { force: true });
      throw new BackupError(
        'The server running on the data folder did not pick the request up; is it a medcalc of this version?',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function backup(file: string | undefined): Promise<BackupEntry> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return backupHere(
      {
        kind: 'postgres',
        extension: 'dump',
        take: (target) => takePostgresBackup(url, target),
        prove: (target, counts) => provePostgresBackup(url, target, counts),
        databaseBytes: async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const size = await client.query<{ size: string }>(
              'SELECT pg_database_size(current_database())::text AS size',
            );
            return Number(size.rows[0]?.size ?? 0);
          } finally {
            await client.end();
          }
        },
      },
      file,
    );
  }
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return backupByServer(file);
    throw error;
  }
  try {
    if (!existsSync(path.join(config.pgliteDir, 'PG_VERSION'))) {
      throw new BackupError(`There is no embedded database in ${config.pgliteDir} to back up.`);
    }
    const db = await openPglite(config.pgliteDir);
    try {
      return await backupHere(
        {
          kind: 'pglite',
          extension: 'tar.gz',
          take: (target) => takePgliteBackup((work) => work(db), config.pgliteDir, target),
          prove: (target, counts) => provePgliteBackup(target, counts),
          copyBytes: () => folderBytes(config.pgliteDir),
          databaseBytes: async () =>
            Number(
              (
                await db.query<{ size: string }>(
                  'SELECT pg_database_size(current_database())::text AS size',
                )
              ).rows[0]?.size ?? 0,
            ),
        },
        file,
      );
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

async function main(): Promise<number> {
  if (command === 'backup') {
    const file = fileArgument ? path.resolve(baseDir, fileArgument) : undefined;
    const entry = await backup(file);
    const where = file ?? path.join(config.backups.dir, entry.name);
    if (entry.status !== 'proven') {
      console.error(`backup ${entry.status}: ${entry.error ?? ''}`);
      return 1;
    }
    const tables = Object.keys(entry.counts).length;
    console.log(
      `backup of ${kind === 'postgres' ? 'PostgreSQL' : config.pgliteDir} written to ${where} ` +
        `(${entry.size} bytes, ${entry.durationMs} ms) and proven by a restore (${tables} tables, row counts equal)`,
    );
    return 0;
  }
  if (command === 'restore') {
    if (!fileArgument) {
      console.error('Usage: npm run db:restore -- <backup file> [--force]');
      return 2;
    }
    const file = path.resolve(baseDir, fileArgument);
    if (!existsSync(file)) throw new BackupError(`Backup file ${file} not found or not readable.`);
    const record = await readBackupRecord(file);
    if (record?.status !== 'proven' && !force) {
      console.error(
        record
          ? `${file} was not proven by a restore (${record.status}: ${record.error ?? ''}). ` +
              'Restore it anyway with --force.'
          : `${file} has no record of a check beside it (${file}.json). Restore it anyway with --force.`,
      );
      return 1;
    }
    if (config.databaseUrl) {
      await restorePostgres({ databaseUrl: config.databaseUrl, file });
      console.log(`PostgreSQL restored from ${file}`);
    } else {
      const { previous } = await restorePglite({
        dataDir: config.dataDir,
        pgliteDir: config.pgliteDir,
        file,
      });
      console.log(`${config.pgliteDir} restored from ${file}`);
      if (previous) console.log(`the database it replaced is kept in ${previous}`);
    }
    return 0;
  }
  console.error('Usage: backup-cli.ts backup [file] | restore <file> [--force]');
  return 2;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
