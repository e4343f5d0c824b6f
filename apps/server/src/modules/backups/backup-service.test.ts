import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countDifferences, type RowCounts } from '../../db/backup';
import { createBackupService, removeLeftCopies, type BackupEngine } from './backup-service';

/*
 * Issue 40, the failed paths of a backup: the proof (the restore check) that finds other rows than recorded, the
 * restore that fails, and the backup that cannot be written. Each is recorded as failed with its reason, logged as
 * an error, and no older backup is removed (the retention waits for a proven one). A fake engine writes the file
 * and answers the counts; what it restores is set by each test.
 */

const COUNTS: RowCounts = { 'public.orders': 3, 'public.users': 2 };

/** An engine whose backup and proof do what `behave` says. */
function fakeEngine(behave: { take?: 'ok' | Error; restored?: RowCounts | Error }): BackupEngine {
  return {
    kind: 'pglite',
    extension: 'tar.gz',
    async take(file) {
      if (behave.take instanceof Error) throw behave.take;
      await writeFile(file, 'backup bytes');
      return COUNTS;
    },
    async prove(_file, counts) {
      const restored = behave.restored ?? COUNTS;
      if (restored instanceof Error) throw restored;
      return countDifferences(counts, restored);
    },
    databaseBytes: async () => 1024,
  };
}

function collectingLog() {
  const lines: Array<{ level: 'info' | 'warn' | 'error'; message: string; details: object }> = [];
  const at = (level: 'info' | 'warn' | 'error') => (details: object, message: string) =>
    lines.push({ level, message, details });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('a backup that fails (issue 40)', () => {
  let dir: string;
  let clock: number;
  const now = () => new Date((clock += 1000));

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'medcalc-backup-service-'));
    clock = Date.parse('2026-11-29T06:00:00Z');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Two proven backups taken while BACKUP_KEEP was 2, then a service keeping 1 (BACKUP_KEEP lowered): its next
   * proven backup would remove both older ones, so any pruning by a backup that is not proven shows.
   */
  async function withTwoProven(engine: BackupEngine) {
    const setup = createBackupService({
      engine: fakeEngine({}),
      dir,
      keep: 2,
      schedule: { kind: 'off' },
      scheduleText: 'off',
      log: collectingLog().log,
      now,
    });
    const older = await setup.runNow('schedule');
    const newer = await setup.runNow('schedule');
    expect([older.status, newer.status]).toEqual(['proven', 'proven']);
    const { lines, log } = collectingLog();
    const options = { dir, keep: 1, schedule: { kind: 'off' as const }, scheduleText: 'off', now };
    const service = createBackupService({ ...options, engine, log });
    /** Afterwards a proven backup does prune: the two kept ones were beyond BACKUP_KEEP. */
    const provenNext = async () => {
      const good = createBackupService({ ...options, engine: fakeEngine({}), log });
      const entry = await good.runNow('schedule');
      expect(entry.status).toBe('proven');
      expect(existsSync(path.join(dir, older.name))).toBe(false);
      expect(existsSync(path.join(dir, newer.name))).toBe(false);
    };
    return { service, lines, proven: [newer.name, older.name], provenNext };
  }

  /** No pruning was logged and both proven backups are still there. */
  const expectNothingPruned = (
    lines: ReturnType<typeof collectingLog>['lines'],
    names: string[],
  ) => {
    expect(lines.some((line) => line.message.startsWith('old backup removed'))).toBe(false);
    for (const name of names) {
      expect(existsSync(path.join(dir, name))).toBe(true);
      expect(existsSync(path.join(dir, `${name}.json`))).toBe(true);
    }
  };

  /**
   * A run by `trigger` with `engine` after two proven backups that fails with `error`, logging `logged` as its one
   * error and pruning nothing.
   */
  const failedRun = async (
    engine: BackupEngine,
    trigger: 'admin' | 'schedule',
    error: string,
    logged: string,
  ) => {
    const run = await withTwoProven(engine);
    const entry = await run.service.runNow(trigger);
    expect(entry.status).toBe('failed');
    expect(entry.error).toBe(error);
    expect(run.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([
      logged,
    ]);
    expectNothingPruned(run.lines, run.proven);
    return { ...run, entry };
  };

  it('whose restore holds other rows than recorded: failed, logged as an error, the proven ones kept', async () => {
    const { service, entry, proven, provenNext } = await failedRun(
      fakeEngine({ restored: { 'public.orders': 2, 'public.users': 2 } }),
      'admin',
      'Перевірка відновленням не пройдена: table public.orders has 2 rows, the backup recorded 3',
      'backup check failed: its restore does not hold what it recorded',
    );
    expect(entry.check?.ok).toBe(false);
    expect(entry.check?.problems).toEqual([
      'table public.orders has 2 rows, the backup recorded 3',
    ]);
    const names = (await service.list()).map((listed) => listed.name);
    expect(names).toEqual([entry.name, ...proven]);
    expect((await service.answer()).entries[0]?.status).toBe('failed');
    await provenNext();
  });

  it('whose restore fails: failed with the restore error, the proven ones kept', async () => {
    const { service, entry, proven, provenNext } = await failedRun(
      fakeEngine({ restored: new Error('invalid tar header') }),
      'schedule',
      'Перевірка відновленням не пройдена: the restore failed: invalid tar header',
      'backup check failed: its restore does not hold what it recorded',
    );
    expect((await service.list()).map((listed) => listed.name)).toEqual([entry.name, ...proven]);
    await provenNext();
  });

  it('that cannot be written: failed with the reason, no file left, the proven ones kept', async () => {
    const { service, entry, proven, provenNext } = await failedRun(
      fakeEngine({ take: new Error('pg_dump failed (exit 1)') }),
      'admin',
      'Резервну копію не створено: pg_dump failed (exit 1)',
      'backup failed',
    );
    expect(entry.size).toBe(0);
    expect(entry.check).toBeNull();
    // Only its record is left (the panel shows it), no partial file; the proven ones stay.
    expect(readdirSync(dir).sort()).toEqual(
      [...proven.flatMap((name) => [name, `${name}.json`]), `${entry.name}.json`].sort(),
    );
    expect(await service.fileOf(entry.name)).toBeUndefined();
    await provenNext();
  });
});

describe('the data-folder copies a crashed backup left', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'medcalc-left-copies-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('removes a copy untouched for an hour, not a running backup’s nor a backup', async () => {
    const at = new Date();
    const old = path.join(dir, 'medcalc-2026-11-01T02-00-00Z.tar.gz.copy');
    const fresh = path.join(dir, 'medcalc-2026-11-29T09-00-00Z.tar.gz.copy');
    await mkdir(path.join(old, 'base'), { recursive: true });
    await writeFile(path.join(old, 'base', 'page'), 'bytes');
    await mkdir(fresh);
    await writeFile(path.join(dir, 'medcalc-2026-11-01T02-00-00Z.tar.gz'), 'backup bytes');
    const twoHoursAgo = new Date(at.getTime() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);

    expect(await removeLeftCopies(dir, at)).toEqual([path.basename(old)]);
    expect(readdirSync(dir).sort()).toEqual(
      [path.basename(fresh), 'medcalc-2026-11-01T02-00-00Z.tar.gz'].sort(),
    );
  });
});
