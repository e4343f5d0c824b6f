import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupEntry, BackupsAnswer } from '@medcalc/domain';
import { readTestDatabaseUrl } from '../src/config/env';
import {
  buildTestApp,
  createAgent,
  logCollector,
  registerCompanyMember,
  signInAdmin,
  type Agent,
  type TestContext,
} from './helper';

/*
 * Issue 40: the backups the server takes (the admin panel's «Резервні копії», the schedule), each proven by a
 * restore into a throwaway database; the retention after proof; the refusal on a nearly full disk (a real tmpfs
 * mounted over the backups folder, as root). On embedded PGlite (the PGlite run) and PostgreSQL (the PostgreSQL
 * run: pg_dump and a throwaway database on the same server).
 */

const LIST = '/api/administrator/backups';
const KIND = readTestDatabaseUrl() ? 'PostgreSQL' : 'PGlite';

/** Waits until no backup runs and answers the list. */
async function settled(admin: Agent, timeoutMs = 120_000): Promise<BackupsAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await admin.get(LIST);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json<BackupsAnswer>();
    if (!list.busy) return list;
    if (Date.now() > deadline) throw new Error('the backup did not finish');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** «Створити зараз» and its outcome. */
async function backupNow(admin: Agent): Promise<BackupEntry> {
  const answer = await admin.post(LIST);
  expect(answer.statusCode, answer.body).toBe(200);
  const [newest] = (await settled(admin)).entries;
  if (!newest) throw new Error('no backup listed');
  return newest;
}

describe(`the administrator's backups (${KIND})`, () => {
  const log = logCollector();
  let dataDir: string;
  let ctx: TestContext;
  let admin: Agent;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medcalc-backups-'));
    ctx = await buildTestApp(
      { DATA_DIR: dataDir, BACKUP_KEEP: '2', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    admin = await signInAdmin(ctx.app);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is for the administrator only: 401 signed out, 403 for a company user', async () => {
    const { agent: user } = await registerCompanyMember(ctx.app);
    const anonymous = createAgent(ctx.app);
    for (const agent of [anonymous, user]) {
      const expected = agent === anonymous ? 401 : 403;
      expect((await agent.get(LIST)).statusCode).toBe(expected);
      expect((await agent.post(LIST)).statusCode).toBe(expected);
      expect((await agent.get(`${LIST}/medcalc-2026-01-01T00-00-00.tar.gz`)).statusCode).toBe(
        expected,
      );
    }
    // Nothing was started by their calls.
    expect((await settled(admin)).entries).toEqual([]);
  });

  it('makes a backup now, proven by a restore, refuses a second at once, and audits its download', async () => {
    const started = await admin.post(LIST);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<{ message: string }>().message).toBe(
      'Створення резервної копії розпочато.',
    );
    // Never two at once: a second while the first runs is refused.
    const second = await admin.post(LIST);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json<{ message: string }>().message).toMatch(/вже створюється/);

    const list = await settled(admin);
    expect(list.entries).toHaveLength(1);
    const [entry] = list.entries as [BackupEntry];
    expect(entry.status, entry.error ?? '').toBe('proven');
    expect(entry.trigger).toBe('admin');
    expect(entry.check?.ok).toBe(true);
    expect(entry.size).toBeGreaterThan(1000);
    // Every table with its rows at that moment, as the throwaway restore found them.
    expect(entry.counts['public.users']).toBeGreaterThanOrEqual(2);
    expect(Object.keys(entry.counts)).toEqual(
      expect.arrayContaining([
        'public.orders',
        'public.calculations',
        'drizzle.__drizzle_migrations',
      ]),
    );
    const file = path.join(dataDir, 'backups', entry.name);
    expect(existsSync(file)).toBe(true);
    expect(list.schedule).toBe('off');
    expect(list.keep).toBe(2);
    expect(log.lines.some((line) => line.msg === 'backup written and proven by a restore')).toBe(
      true,
    );

    const download = await admin.get(`${LIST}/${entry.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(entry.name);
    expect(download.rawPayload.equals(readFileSync(file))).toBe(true);
    const audited = (await settled(admin)).entries[0];
    expect(audited?.downloads.map((d) => d.by)).toEqual(['admin@medcalc.test']);
    expect(
      log.lines.some((line) => line.msg === 'backup downloaded' && line.backup === entry.name),
    ).toBe(true);

    const missing = await admin.get(`${LIST}/medcalc-2020-01-01T00-00-00.tar.gz`);
    expect(missing.statusCode).toBe(404);
    const outside = await admin.get(`${LIST}/..%2Fsession-secret`);
    expect(outside.statusCode).toBe(422);
  }, 240_000);

  it('keeps BACKUP_KEEP proven backups: the oldest goes only once a new one is proven', async () => {
    const before = (await settled(admin)).entries.map((entry) => entry.name);
    const second = await backupNow(admin);
    expect(second.status).toBe('proven');
    const third = await backupNow(admin);
    expect(third.status).toBe('proven');
    const names = (await settled(admin)).entries.map((entry) => entry.name);
    expect(names).toEqual([third.name, second.name]);
    // The oldest one's file and record are gone from the folder.
    const folder = readdirSync(path.join(dataDir, 'backups'));
    for (const name of before) expect(folder.some((f) => f.startsWith(name))).toBe(false);
    expect(log.lines.some((line) => line.msg === 'old backup removed (beyond BACKUP_KEEP)')).toBe(
      true,
    );
  }, 300_000);
});

describe(`scheduled backups (${KIND})`, () => {
  it('takes them on a short test schedule, one at a time', async () => {
    const log = logCollector();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'medcalc-backups-schedule-'));
    const ctx = await buildTestApp(
      { DATA_DIR: dataDir, BACKUP_SCHEDULE: '1s', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    try {
      const admin = await signInAdmin(ctx.app);
      const deadline = Date.now() + 150_000;
      let entries: BackupEntry[] = [];
      while (entries.filter((entry) => entry.status === 'proven').length < 2) {
        if (Date.now() > deadline) throw new Error('the schedule took fewer than two backups');
        await new Promise((resolve) => setTimeout(resolve, 500));
        entries = (await admin.get(LIST)).json<BackupsAnswer>().entries;
      }
      expect(entries.every((entry) => entry.trigger === 'schedule')).toBe(true);
      // One at a time: each started after the one before had finished (the next is timed from its end).
      const started = log.lines.filter((line) => line.msg === 'backup started').length;
      const proven = log.lines.filter(
        (line) => line.msg === 'backup written and proven by a restore',
      ).length;
      expect(started - proven).toBeLessThanOrEqual(1);
    } finally {
      await ctx.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe(`a backup on a nearly full disk (${KIND})`, () => {
  it('is refused with a clear log line and the reason in the panel, and taken once there is room', async () => {
    const log = logCollector();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'medcalc-backups-disk-'));
    const backups = path.join(dataDir, 'backups');
    await mkdir(backups);
    // A real small disk under the backups folder (the disk-full tests' tmpfs; the tests run as root).
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', backups]);
    const ctx = await buildTestApp(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    try {
      const admin = await signInAdmin(ctx.app);
      // 60.8 MB of 64 MB taken: 5 % free.
      const filler = path.join(backups, 'filler.bin');
      await writeFile(filler, Buffer.alloc(Math.round(64 * 1024 * 1024 * 0.95)));
      const refused = await backupNow(admin);
      expect(refused.status).toBe('refused');
      expect(refused.error).toMatch(/менше 10 % вільного місця/);
      expect(refused.size).toBe(0);
      expect(readdirSync(backups).filter((name) => !name.endsWith('.json'))).toEqual([
        'filler.bin',
      ]);
      const line = log.lines.find((l) => String(l.msg).startsWith('backup refused'));
      expect(line?.level).toBe(50);
      expect(String(line?.msg)).toMatch(/less than 10 % of the disk free/);

      await rm(filler);
      const taken = await backupNow(admin);
      expect(taken.status, taken.error ?? '').toBe('proven');
    } finally {
      await ctx.close();
      execFileSync('umount', [backups]);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
