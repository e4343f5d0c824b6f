import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import {
  REPO_ROOT,
  freshPostgresDatabase,
  registerOverHttp,
  serverEnv,
  startServerProcess,
  type HttpAgent,
  type ServerProcess,
} from './server-process';

/*
 * Issue 40 "Online backups": `npm run db:backup` while the server runs and 20 clients write for 30 s. The backup is
 * restored (`npm run db:restore`) into a fresh folder (PGlite) or a fresh database (PostgreSQL): every write
 * acknowledged before the backup began is there, and no transaction is there half (a registration writes its
 * company and its user in one).
 */

const CLI = path.join(REPO_ROOT, 'apps/server/src/modules/backups/backup-cli.ts');
const CLIENTS = 20;
const WRITING_MS = 30_000;
const BACKUP_AFTER_MS = 8_000;

type Database = Awaited<ReturnType<typeof freshPostgresDatabase>>;
let dataDir: string;
let restoreDir: string;
let database: Database;
let restored: Database;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'medcalc-online-backup-'));
  restoreDir = await mkdtemp(path.join(tmpdir(), 'medcalc-online-restore-'));
  database = await freshPostgresDatabase();
  restored = await freshPostgresDatabase();
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await restored?.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(restoreDir, { recursive: true, force: true });
});

function cli(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO_ROOT,
      env: serverEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

interface Acknowledged {
  unit?: string;
  email?: string;
  at: number;
}

describe(`an online backup while 20 clients write (${readTestDatabaseUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('holds every write acknowledged before it began, and nothing half-applied', async () => {
    const env = {
      DATA_DIR: dataDir,
      BACKUP_SCHEDULE: 'off',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    server = await startServerProcess(env);
    const url = server.url;
    const clients: Array<{ agent: HttpAgent; company: string }> = [];
    for (let n = 0; n < CLIENTS; n += 1) {
      const { agent, user } = await registerOverHttp(url);
      clients.push({ agent, company: user.companyIdentifier });
    }
    const acknowledged: Acknowledged[] = [];
    const failures: string[] = [];
    const begin = Date.now();
    const writers = clients.map(async ({ agent, company }, client) => {
      for (let i = 0; Date.now() - begin < WRITING_MS; i += 1) {
        if (i % 10 === 9) {
          // A registration: company and user in one transaction.
          const registered = await registerOverHttp(url).catch((error: Error) => {
            failures.push(error.message);
            return undefined;
          });
          if (registered) acknowledged.push({ email: registered.payload.email, at: Date.now() });
          continue;
        }
        const unit = `од-${client}-${i}`;
        const answer = await agent.post(`/api/company/${company}/measurements`, { name: unit });
        if (answer.status === 200) acknowledged.push({ unit, at: Date.now() });
        else failures.push(`${answer.status} ${answer.body}`);
      }
    });

    await new Promise((resolve) => setTimeout(resolve, BACKUP_AFTER_MS));
    const backupBegan = Date.now();
    const backup = await cli(env, 'backup');
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/proven by a restore/);
    await Promise.all(writers);
    expect(failures).toEqual([]);
    const file = /written to (\S+)/.exec(backup.output)?.[1];
    if (!file) throw new Error(`no file in: ${backup.output}`);
    await server.stop();
    server = undefined;

    const before = acknowledged.filter((write) => write.at < backupBegan);
    expect(before.length).toBeGreaterThan(CLIENTS);
    // Writes went on while the backup ran and after it.
    expect(acknowledged.length).toBeGreaterThan(before.length);

    const restoreEnv: Record<string, string> = restored
      ? { DATABASE_URL: restored.url }
      : { DATA_DIR: restoreDir };
    const restore = await cli({ ...restoreEnv, BACKUP_SCHEDULE: 'off' }, 'restore', file);
    expect(restore.code, restore.output).toBe(0);

    const handle = await openDatabase({
      databaseUrl: restored?.url,
      pgliteDir: path.join(restoreDir, 'pglite'),
      durable: false,
    });
    try {
      const names = new Set(
        (await handle.db.execute<{ name: string }>(sql`SELECT name FROM measurements`)).rows.map(
          (row) => row.name,
        ),
      );
      const emails = new Set(
        (await handle.db.execute<{ email: string }>(sql`SELECT email FROM users`)).rows.map(
          (row) => row.email,
        ),
      );
      const missing = before.filter((write) =>
        write.unit ? !names.has(write.unit) : !emails.has(write.email ?? ''),
      );
      expect(missing).toEqual([]);
      // No transaction half there: a registration's company and user are written in one, so every company has
      // its user (its session is started after that transaction, so a backup between them rightly has none).
      const orphans = await handle.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM companies c
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id)`);
      expect(orphans.rows[0]?.n).toBe(0);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
