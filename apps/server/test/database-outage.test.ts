import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryFaults } from '../src/db/query-faults';
import { DATABASE_UNAVAILABLE_MESSAGE, STORAGE_FULL_MESSAGE } from '../src/plugins/error-handler';
import {
  buildTestApp,
  createAgent,
  expectDatabaseUnavailable,
  logCollector,
  registerCompanyMember,
  registrationFor,
  type Agent,
  type TestContext,
  onPostgres,
} from './helper';

/*
 * Issue 21 part 4: what the API answers while the database is away or its disk is full, on the database the run
 * uses (PGlite, or PostgreSQL under scripts/test-pg.mjs). Faults are injected at the db layer (db/query-faults.ts),
 * before the driver, so they take the path a real error takes; on PostgreSQL the connection is also really cut (a
 * TCP proxy in front of the test cluster is closed and reopened), on PGlite the database is really closed.
 */

/** A switchable fault: `fail` decides, per statement, what it fails with while set. */
function switchableFaults() {
  let rule: ((sql: string) => Error | undefined) | undefined;
  const faults: QueryFaults = { next: (sql) => rule?.(sql) };
  return {
    faults,
    fail(next: (sql: string) => Error | undefined) {
      rule = next;
    },
    heal() {
      rule = undefined;
    },
  };
}

const systemError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, errno: -1, syscall: 'write' });
/** What PostgreSQL and PGlite answer when a table file cannot grow (measured on a full tmpfs, PGlite 0.5). */
const diskFull = () =>
  Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
    code: '53100',
    severity: 'ERROR',
  });
const isWrite = (sql: string) => /^\s*(insert|update|delete)\b/i.test(sql);

const unit = (name: string) => ({ name });

describe('a full disk', () => {
  const control = switchableFaults();
  const log = logCollector();
  let ctx: TestContext;
  let agent: Agent;
  let unitsUrl: string;
  let createUrl: string;

  beforeAll(async () => {
    ctx = await buildTestApp(
      { LOG_LEVEL: 'info' },
      { faults: control.faults, logStream: log.stream },
    );
    const member = await registerCompanyMember(ctx.app);
    agent = member.agent;
    unitsUrl = `/api/company/${member.company}/measurements/list`;
    createUrl = `/api/company/${member.company}/measurements`;
  });
  afterAll(async () => ctx.close());

  it.each([
    [
      'ENOSPC from the file system',
      'А',
      () => systemError('ENOSPC', 'ENOSPC: no space left on device'),
    ],
    ['disk_full (SQLSTATE 53100) from the database', 'Б', diskFull],
  ])(
    'answers a write 507 on %s, logs what to free, and keeps serving reads',
    async (_, mark, error) => {
      const before = `До заповнення диска ${mark}`;
      const after = `Після заповнення диска ${mark}`;
      expect((await agent.post(createUrl, unit(before))).statusCode).toBe(200);
      control.fail((sql) => (isWrite(sql) ? error() : undefined));
      const since = log.lines.length;
      try {
        const refused = await agent.post(createUrl, unit(after));
        expect(refused.statusCode).toBe(507);
        expect(refused.json()).toEqual({ message: STORAGE_FULL_MESSAGE, code: 'STORAGE_FULL' });

        // The operator's line: error level, what happened, where the space is missing, and the cause.
        const line = log.lines.slice(since).find((entry) => entry.level === 50);
        expect(line?.msg).toMatch(/no space left on the disk: free space for/);
        expect(String(line?.storage)).toContain(onPostgres ? 'PostgreSQL' : 'embedded database');
        expect(line?.code).toBe(error().code);
        expect(line?.err).toBeDefined();

        // Reads need no space: the list still answers, without the refused row.
        const list = await agent.get(unitsUrl);
        expect(list.statusCode).toBe(200);
        expect(list.body).toContain(before);
        expect(list.body).not.toContain(after);
      } finally {
        control.heal();
      }
      // Space freed: the same write goes through.
      expect((await agent.post(createUrl, unit(after))).statusCode).toBe(200);
    },
  );
});

describe('a database that does not answer (injected at the db layer)', () => {
  const control = switchableFaults();
  let ctx: TestContext;
  let agent: Agent;

  beforeAll(async () => {
    ctx = await buildTestApp({}, { faults: control.faults });
    ({ agent } = await registerCompanyMember(ctx.app));
  });
  afterAll(async () => ctx.close());

  it('answers 503 with Retry-After, readiness 503 while it lasts and 200 after', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
      200,
    );
    control.fail(() => systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
    try {
      for (const call of [
        () => agent.get('/api/orders'),
        () => agent.get('/api/get-measurements'),
        () => agent.post('/api/orders/duplicate', { identifier: 'nope' }),
      ]) {
        const answer = await call();
        expectDatabaseUnavailable(answer);
      }
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
      });
      // Liveness is unchanged: the process answers.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      control.heal();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
      200,
    );
    expect((await agent.get('/api/orders')).statusCode).toBe(200);
  });

  it('answers a sign-in 503, not a refusal of the password', async () => {
    control.fail(() => systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
    try {
      const answer = await agent.post('/login', {
        email: 'someone@clinic.test',
        password: 'secret-pass-1',
      });
      expectDatabaseUnavailable(answer);
    } finally {
      control.heal();
    }
  });

  // The embedded engine only: a crashed WebAssembly runtime.
  it.runIf(!onPostgres)(
    'answers 503 when the engine fails with a WebAssembly RuntimeError, in and out of transactions',
    async () => {
      const crashed = () => new WebAssembly.RuntimeError('unreachable');
      try {
        control.fail(crashed);
        const read = await agent.get('/api/orders');
        // Registration writes the company, its staffing table and the user in one transaction.
        control.fail((sql) => (/^insert into "companies"/i.test(sql) ? crashed() : undefined));
        const write = await createAgent(ctx.app).post('/api/register', registrationFor());
        for (const answer of [read, write]) {
          expectDatabaseUnavailable(answer);
        }
      } finally {
        control.heal();
      }
    },
  );
});

/**
 * A TCP proxy in front of the test cluster: `stop` refuses new connections and cuts the open ones (what a stopped
 * PostgreSQL does to its clients), `start` listens on the same port again.
 */
function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : 0;
        resolve(port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
    });
  return { start, stop };
}

describe.runIf(onPostgres)('PostgreSQL going away and coming back (a real cut connection)', () => {
  let proxy: ReturnType<typeof tcpProxy>;
  let ctx: TestContext;
  let agent: Agent;

  beforeAll(async () => {
    ctx = await buildTestApp(
      {},
      {
        connectVia: async (url) => {
          const direct = new URL(url);
          proxy = tcpProxy(direct);
          const via = new URL(url);
          via.port = String(await proxy.start());
          return via.toString();
        },
      },
    );
    ({ agent } = await registerCompanyMember(ctx.app));
  });
  afterAll(async () => {
    await proxy.start().catch(() => undefined);
    await ctx.close();
    await proxy.stop();
  });

  it('answers 503 while the connection is cut, readiness 503, and both recover when it is back', async () => {
    expect((await agent.get('/api/orders')).statusCode).toBe(200);
    await proxy.stop();

    // Pooled connections were terminated and new ones are refused: every call is a 503, none a 500.
    for (const url of ['/api/orders', '/api/get-measurements', '/api/orders']) {
      const answer = await agent.get(url);
      expectDatabaseUnavailable(answer, url);
    }
    const write = await agent.post('/api/orders/duplicate', { identifier: 'nope' });
    expect(write.statusCode).toBe(503);
    const started = performance.now();
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.start();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
      200,
    );
    expect((await agent.get('/api/orders')).statusCode).toBe(200);
  });
});

describe.runIf(!onPostgres)('the embedded database closed under the app', () => {
  let ctx: TestContext;
  let agent: Agent;

  beforeAll(async () => {
    ctx = await buildTestApp();
    ({ agent } = await registerCompanyMember(ctx.app));
  });
  afterAll(async () => ctx.app.close());

  it('answers 503 and readiness 503 once PGlite is closed', async () => {
    expect((await agent.get('/api/orders')).statusCode).toBe(200);
    await ctx.database.close();
    const answer = await agent.get('/api/orders');
    expectDatabaseUnavailable(answer);
    expect((await agent.post('/api/orders/duplicate', { identifier: 'x' })).statusCode).toBe(503);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
      503,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
