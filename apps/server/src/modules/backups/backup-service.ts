import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BACKUP_NAME_PATTERN,
  backupEntrySchema,
  type BackupEntry,
  type BackupsAnswer,
} from '@medcalc/domain';
import type { BackupSchedule } from '../../lib/backup-schedule';
import { BackupBusyError, backupBaseName, type RowCounts } from '../../db/backup';

/*
 * Issue 40: the backups of DATA_DIR/backups. One at a time in this process (a second is refused, or waits for a
 * CLI request); each is written, restored into a throwaway database and checked, and its record is a JSON file
 * beside it (`<file>.json`). Refused when it would leave less than 10 % of the disk free; the oldest beyond
 * `keep` are removed only after a new one is proven. The server takes one on its schedule, and, on embedded
 * PGlite, for `npm run db:backup` (the CLI leaves a request file in `backups/requests`, see backup-cli.ts).
 */

/** The least share of the disk a backup must leave free. */
export const DISK_FREE_SHARE = 0.1;

/** Where `npm run db:backup` leaves its requests for a running PGlite server, and how often they are looked for. */
export const REQUESTS_FOLDER = 'requests';
export const REQUEST_POLL_MS = 500;

export interface BackupEngine {
  kind: 'pglite' | 'postgres';
  extension: 'tar.gz' | 'dump';
  /** Writes the backup to `file` and answers the row counts of its moment. */
  take(file: string): Promise<RowCounts>;
  /** Restores `file` into a throwaway database: the differences from `counts` (none = proven). */
  prove(file: string, counts: RowCounts): Promise<string[]>;
  /** The database's size in bytes (the first backup's estimate). */
  databaseBytes(): Promise<number>;
  /** Bytes written beside the backup while it is taken, removed after (PGlite: the copy of its data folder). */
  copyBytes?(): Promise<number>;
}

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export type BackupTrigger = BackupEntry['trigger'];

/** The `-2`, `-3` … of backups started in one second (1 for the first). */
const sequenceOf = (entry: BackupEntry) =>
  Number(/T\d\d-\d\d-\d\d-(\d+)\./.exec(entry.name)?.[1] ?? 1);

/** Bytes as the panel and the log say them: «12.3 MB». */
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The record of a backup file (its `.json` beside it), or undefined when there is none or it cannot be read. */
export async function readBackupRecord(file: string): Promise<BackupEntry | undefined> {
  try {
    return backupEntrySchema.parse(JSON.parse(await readFile(`${file}.json`, 'utf8')));
  } catch {
    return undefined;
  }
}

async function writeRecord(file: string, entry: BackupEntry): Promise<void> {
  const partial = `${file}.json.partial`;
  await writeFile(partial, JSON.stringify(entry, null, 2));
  await rename(partial, `${file}.json`);
}

/** The records of the backups folder `dir`, newest first. */
async function listBackups(dir: string): Promise<BackupEntry[]> {
  const names = existsSync(dir) ? await readdir(dir) : [];
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json') && BACKUP_NAME_PATTERN.test(name.slice(0, -5)))
      .map((name) => readBackupRecord(path.join(dir, name.slice(0, -5)))),
  );
  return entries
    .filter((entry): entry is BackupEntry => entry !== undefined)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || sequenceOf(b) - sequenceOf(a));
}

/** A copy of the data folder not touched for this long was left by a backup that never ended (a crash). */
const LEFT_COPY_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the data-folder copies (`<backup>.copy`, taken beside a backup while it runs) that a crashed backup left in
 * `dir`: those untouched for an hour (a running backup's copy is minutes old). Answers the names removed.
 */
export async function removeLeftCopies(dir: string, at: Date): Promise<string[]> {
  const names = existsSync(dir) ? await readdir(dir) : [];
  const removed: string[] = [];
  for (const name of names) {
    if (!name.endsWith('.copy')) continue;
    const copy = path.join(dir, name);
    const { mtimeMs } = await stat(copy);
    if (at.getTime() - mtimeMs < LEFT_COPY_AGE_MS) continue;
    await rm(copy, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** A name not yet in `dir`: `medcalc-<time>`, with `-2`, `-3` … when two start in one second. */
function freshBackupFile(dir: string, extension: BackupEngine['extension'], at: Date): string {
  const base = backupBaseName(at);
  for (let n = 1; ; n += 1) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.${extension}`);
    if (!existsSync(file) && !existsSync(`${file}.json`)) return file;
  }
}

export function createBackupService(options: {
  engine: BackupEngine;
  dir: string;
  keep: number;
  schedule: BackupSchedule;
  scheduleText: string;
  log: Log;
  now?: () => Date;
}) {
  const { engine, dir, keep, log } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<BackupEntry> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  let closed = false;

  const list = () => listBackups(dir);
  const freshFile = (at: Date) => freshBackupFile(dir, engine.extension, at);

  /** Why a backup must not be taken now (less than 10 % of the disk would stay free), or undefined. */
  async function diskRefusal(): Promise<{ log: string; panel: string } | undefined> {
    const proven = (await list()).find((entry) => entry.status === 'proven');
    const need =
      (proven ? proven.size : await engine.databaseBytes()) + ((await engine.copyBytes?.()) ?? 0);
    const disk = await statfs(dir);
    const total = disk.blocks * disk.bsize;
    const free = disk.bavail * disk.bsize;
    if (free - need >= DISK_FREE_SHARE * total) return undefined;
    return {
      log:
        `backup refused: it would leave less than 10 % of the disk free ` +
        `(free ${megabytes(free)} of ${megabytes(total)}, the backup needs about ${megabytes(need)}) in ${dir}`,
      panel:
        `Резервну копію не створено: на диску залишилося б менше 10 % вільного місця ` +
        `(вільно ${megabytes(free)} з ${megabytes(total)}, потрібно близько ${megabytes(need)}).`,
    };
  }

  /** Removes the records (and files) older than the newest `keep` proven backups. */
  async function prune(): Promise<void> {
    const entries = await list();
    const proven = entries.filter((entry) => entry.status === 'proven');
    const oldestKept = proven[keep - 1];
    if (!oldestKept) return;
    const cutoff = entries.indexOf(oldestKept);
    for (const entry of entries.slice(cutoff + 1)) {
      const file = path.join(dir, entry.name);
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
      log.info({ file }, 'old backup removed (beyond BACKUP_KEEP)');
    }
  }

  async function take(trigger: BackupTrigger, target?: string): Promise<BackupEntry> {
    await mkdir(dir, { recursive: true });
    const started = now();
    const file = target ?? freshFile(started);
    const base = {
      name: path.basename(file),
      kind: engine.kind,
      trigger,
      startedAt: started.toISOString(),
      downloads: [],
    } satisfies Partial<BackupEntry>;
    type Outcome = Omit<BackupEntry, keyof typeof base | 'finishedAt' | 'durationMs'>;
    const finish = async (rest: Pick<Outcome, 'status' | 'size' | 'error'> & Partial<Outcome>) => {
      const ended = now();
      const entry: BackupEntry = {
        ...base,
        counts: {},
        check: null,
        ...rest,
        finishedAt: ended.toISOString(),
        durationMs: ended.getTime() - started.getTime(),
      };
      await writeRecord(file, entry);
      return entry;
    };
    const refusal = await diskRefusal();
    if (refusal) {
      log.error({ file }, refusal.log);
      return finish({ status: 'refused', size: 0, error: refusal.panel });
    }
    log.info({ file, trigger }, 'backup started');
    let counts: RowCounts;
    try {
      counts = await engine.take(file);
    } catch (error) {
      if (error instanceof BackupBusyError) throw error;
      log.error({ err: error, file }, 'backup failed');
      await rm(file, { force: true });
      return finish({
        status: 'failed',
        size: 0,
        error: `Резервну копію не створено: ${(error as Error).message}`,
      });
    }
    const written = now().getTime() - started.getTime();
    const size = (await stat(file)).size;
    const checkStarted = Date.now();
    let problems: string[];
    try {
      problems = await engine.prove(file, counts);
    } catch (error) {
      problems = [`the restore failed: ${(error as Error).message}`];
    }
    const check = { ok: problems.length === 0, durationMs: Date.now() - checkStarted, problems };
    if (!check.ok) {
      log.error(
        { file, problems },
        'backup check failed: its restore does not hold what it recorded',
      );
      return finish({
        counts,
        check,
        size,
        status: 'failed',
        error: `Перевірка відновленням не пройдена: ${problems.join('; ')}`,
      });
    }
    const entry = await finish({ counts, check, size, status: 'proven', error: null });
    log.info(
      { file, size, writtenMs: written, checkMs: check.durationMs, durationMs: entry.durationMs },
      'backup written and proven by a restore',
    );
    // Only now, with a new proven one, may the oldest go.
    await prune();
    return entry;
  }

  /**
   * Takes a backup now. While one runs, a second is refused ({@link BackupBusyError}, said in the log), unless
   * `wait`: then it is taken once the running one has finished.
   */
  async function runNow(
    trigger: BackupTrigger,
    opts: { file?: string; wait?: boolean } = {},
  ): Promise<BackupEntry> {
    while (running) {
      if (!opts.wait) {
        log.warn({ trigger }, 'backup not started: another backup is running');
        throw new BackupBusyError('Another backup is running.');
      }
      await running.catch(() => undefined);
    }
    const current = take(trigger, opts.file);
    running = current;
    try {
      return await current;
    } catch (error) {
      if (error instanceof BackupBusyError) {
        log.warn({ trigger }, `backup not started: ${error.message}`);
      } else {
        log.error({ err: error, trigger }, 'backup failed');
      }
      throw error;
    } finally {
      running = undefined;
    }
  }

  /** Milliseconds until the next scheduled backup. */
  function nextDelay(schedule: Exclude<BackupSchedule, { kind: 'off' }>): number {
    if (schedule.kind === 'every') return schedule.ms;
    const at = now();
    const next = new Date(at);
    next.setHours(schedule.hour, schedule.minute, 0, 0);
    if (next <= at) next.setDate(next.getDate() + 1);
    return next.getTime() - at.getTime();
  }

  function scheduleNext(): void {
    const schedule = options.schedule;
    if (closed || schedule.kind === 'off') return;
    timer = setTimeout(() => {
      runNow('schedule')
        .catch(() => undefined)
        .finally(scheduleNext);
    }, nextDelay(schedule));
    timer.unref();
  }

  /** Answers the CLI's requests (`requests/<id>.json` → `<id>.result.json`). */
  async function serveRequests(): Promise<void> {
    const folder = path.join(dir, REQUESTS_FOLDER);
    if (!existsSync(folder)) return;
    for (const name of await readdir(folder)) {
      if (!name.endsWith('.request.json')) continue;
      const id = name.slice(0, -'.request.json'.length);
      const taken = path.join(folder, `${id}.taken`);
      try {
        await rename(path.join(folder, name), taken);
      } catch {
        continue;
      }
      let answer: object;
      try {
        const request = JSON.parse(await readFile(taken, 'utf8')) as { file?: unknown };
        const file = typeof request.file === 'string' ? request.file : undefined;
        answer = { entry: await runNow('cli', { ...(file ? { file } : {}), wait: true }), file };
      } catch (error) {
        answer = { error: (error as Error).message };
      }
      const partial = path.join(folder, `${id}.result.partial`);
      await writeFile(partial, JSON.stringify(answer));
      await rename(partial, path.join(folder, `${id}.result.json`));
      await rm(taken, { force: true });
    }
  }

  return {
    runNow,
    list,
    busy: () => running !== undefined,
    async answer(): Promise<BackupsAnswer> {
      return {
        busy: running !== undefined,
        schedule: options.scheduleText,
        keep,
        entries: await list(),
      };
    },
    /** The file of a listed backup, or undefined. */
    async fileOf(name: string): Promise<string | undefined> {
      if (!BACKUP_NAME_PATTERN.test(name)) return undefined;
      const file = path.join(dir, name);
      const entry = await readBackupRecord(file);
      return entry && entry.size > 0 && existsSync(file) ? file : undefined;
    },
    /** Adds a download to the backup's record (the audit of who took a copy of the whole database). */
    async recordDownload(name: string, by: string): Promise<void> {
      const file = path.join(dir, name);
      const entry = await readBackupRecord(file);
      if (!entry) return;
      entry.downloads.push({ at: now().toISOString(), by });
      await writeRecord(file, entry);
    },
    /** Starts the schedule and, when `serveCli`, the answering of the CLI's requests. */
    start({ serveCli }: { serveCli: boolean }): void {
      removeLeftCopies(dir, now()).then(
        (names) => {
          if (names.length > 0)
            log.warn({ names }, 'removed the data-folder copies a crashed backup left');
        },
        (error: unknown) =>
          log.error({ err: error }, 'the copies a crashed backup left not removed'),
      );
      scheduleNext();
      if (!serveCli) return;
      const poll = () => {
        poller = setTimeout(() => {
          serveRequests()
            .catch((error: unknown) => log.error({ err: error }, 'backup request not answered'))
            .finally(() => {
              if (!closed) poll();
            });
        }, REQUEST_POLL_MS);
        poller.unref();
      };
      poll();
    },
    /** Stops the schedule and waits for a running backup. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      clearTimeout(poller);
      await running?.catch(() => undefined);
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
