import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import {
  categories,
  companies,
  measurements,
  orders,
  pills,
  staffRates,
  templates,
  users,
} from '../src/db/schema';
import { DEMO_COMPANY_NAME } from '../src/demo-account';
import { seedReferenceData } from '../src/db/seed';
import { DEFAULT_SESSION_CACHE_SECONDS } from '../src/lib/session';
import {
  REPO_ROOT,
  freePort,
  freshPostgresDatabase,
  registerOverHttp,
  startServerProcess,
  type ServerProcess,
} from './server-process';
import { onPostgres } from './helper';

/*
 * Issue 12 "Scale-out". On PostgreSQL (the PostgreSQL run): three instances started at the same moment on an
 * empty database migrate and seed it exactly once (the advisory lock of db/client.ts) and all come up; a session
 * made on one works on the others; and, when nginx is installed, deploy/nginx.conf in front of two instances keeps
 * a signed-in user working when one of them stops. On the embedded PGlite (the PGlite run): one instance per data
 * folder, a second one refuses to start.
 */

const SESSION_SECRET = 'scale-out-secret-scale-out-secret-0042';
const JOURNAL = path.join(REPO_ROOT, 'apps/server/drizzle/meta/_journal.json');
const servers: ServerProcess[] = [];
const folders: string[] = [];
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;

const tempFolder = async (prefix: string) => {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

beforeAll(async () => {
  database = await freshPostgresDatabase();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

describe.runIf(onPostgres)('several instances on one PostgreSQL', () => {
  let handle: DatabaseHandle;
  const instanceEnv = async (): Promise<Record<string, string>> => ({
    DATABASE_URL: database?.url ?? '',
    SESSION_SECRET,
    DATA_DIR: await tempFolder('medcalc-instance-'),
  });

  beforeAll(async () => {
    const envs = await Promise.all([instanceEnv(), instanceEnv(), instanceEnv()]);
    // All three at the same moment, on an empty database.
    const started = await Promise.allSettled(envs.map((env) => startServerProcess(env)));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    handle = await openDatabase({ databaseUrl: database?.url, pgliteDir: '' });
  }, 180_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('all three come up, and each migration is recorded once', async () => {
    expect(servers).toHaveLength(3);
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    }
    const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
    const applied = await handle.db.execute<{ hash: string }>(
      sql`SELECT hash FROM drizzle.__drizzle_migrations`,
    );
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
  });

  it('the reference data, the administrator and the demo account exist once', async () => {
    const summary = await seedReferenceData(handle.db);
    const seeded = { categories, measurements, staffRates, pills, templates } as const;
    for (const [name, table] of Object.entries(seeded)) {
      const entry = summary[name as keyof typeof seeded];
      expect(entry.inserted, `${name} seeded again`).toBe(0);
      const [row] = await handle.db
        .select({ n: count() })
        .from(table)
        .where(isNotNull(table.seedKey));
      expect(row?.n, name).toBe(entry.total);
    }
    const [admins] = await handle.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(admins?.n).toBe(1);
    const [allUsers] = await handle.db.select({ n: count() }).from(users);
    expect(allUsers?.n).toBe(2); // the administrator and the demo user
    const [demoCompanies] = await handle.db
      .select({ n: count() })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANY_NAME));
    expect(demoCompanies?.n).toBe(1);
    const [demoOrders] = await handle.db.select({ n: count() }).from(orders);
    expect(demoOrders?.n).toBe(1);
  });

  it('a session and XSRF token made on one instance work on the others', async () => {
    const [first, second, third] = servers;
    if (!first || !second || !third) throw new Error('three instances expected');
    const { agent, payload, user } = await registerOverHttp(first.url);

    agent.useBase(second.url);
    const me = await agent.get('/api/user');
    expect(me.status, me.body).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(payload.email);
    // A state-changing call on the third, with the XSRF cookie the first one set.
    agent.useBase(third.url);
    const unit = await agent.post(`/api/company/${user.companyIdentifier}/measurements`, {
      name: 'упаковка з третього екземпляра',
    });
    expect(unit.status, unit.body).toBeLessThan(300);
    agent.useBase(first.url);
    const units = await agent.get(`/api/company/${user.companyIdentifier}/measurements`);
    expect(units.body).toContain('упаковка з третього екземпляра');

    // Signing out on the second ends the session on the first too (it lives in the database), once the first's
    // short session cache (SESSION_CACHE_SECONDS, 3 s by default) has let its copy go.
    const session = agent.jar.get('medcalc_session');
    expect(session).toBeDefined();
    agent.useBase(second.url);
    expect((await agent.post('/logout')).status).toBe(200);
    await vi.waitFor(
      async () => {
        const stale = await fetch(`${first.url}/api/user`, {
          headers: { cookie: `medcalc_session=${session}`, accept: 'application/json' },
        });
        expect(stale.status).toBe(401);
      },
      { timeout: (DEFAULT_SESSION_CACHE_SECONDS + 3) * 1000, interval: 250 },
    );
  });
});

// Needs the instances the block above started; reported as skipped where nginx is not installed.
describe.runIf(onPostgres && Boolean(nginx))('deploy/nginx.conf in front of two instances', () => {
  let proxy: ChildProcess | undefined;
  let proxyUrl = '';

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy?.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await exited;
    }
  });

  it('a signed-in user keeps working through the proxy when the instance that signed them in stops', async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error('the instances above did not start');
    if (!nginx) throw new Error('nginx is not installed');
    const folder = await tempFolder('medcalc-nginx-');
    const port = await freePort();
    proxyUrl = `http://127.0.0.1:${port}`;
    const portOf = (url: string) => new URL(url).port;
    const site = readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8')
      .replace('127.0.0.1:3001', `127.0.0.1:${portOf(first.url)}`)
      .replace('127.0.0.1:3002', `127.0.0.1:${portOf(second.url)}`)
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
    expect(site).toContain(`127.0.0.1:${portOf(second.url)}`);
    const conf = path.join(folder, 'nginx.conf');
    await writeFile(
      conf,
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${folder}/nginx.pid;`,
        `error_log ${folder}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${folder}/${kind};`,
        ),
        site,
        '}',
      ].join('\n'),
    );
    const check = spawnSync(nginx, ['-t', '-p', folder, '-c', conf], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    proxy = spawn(nginx, ['-p', folder, '-c', conf], { stdio: 'ignore' });
    // Until nginx listens, the fetch itself fails.
    await vi.waitFor(
      async () =>
        expect((await fetch(`${proxyUrl}/api/health`)).ok, 'nginx did not start').toBe(true),
      { timeout: 10_000, interval: 100 },
    );

    const { agent, payload } = await registerOverHttp(proxyUrl);
    // Round-robin: consecutive calls land on both instances, all with the one session.
    for (let call = 0; call < 6; call += 1) {
      const me = await agent.get('/api/user');
      expect(me.status, me.body).toBe(200);
      expect(me.json<{ email: string }>().email).toBe(payload.email);
    }
    await first.stop();
    for (let call = 0; call < 4; call += 1) {
      const me = await agent.get('/api/user');
      expect(me.status, me.body).toBe(200);
    }
  }, 120_000);
});
describe.skipIf(onPostgres)('embedded PGlite: one instance per data folder', () => {
  it('a second instance on the same DATA_DIR refuses to start and the first keeps serving', async () => {
    const dataDir = await tempFolder('medcalc-single-');
    const first = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(first);
    // It exits with code 1, saying why.
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
      /exited \(code 1,[\s\S]*already using the data folder/,
    );
    const { agent } = await registerOverHttp(first.url);
    expect((await agent.get('/api/user')).status).toBe(200);
  }, 120_000);
});
