import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { readTestDatabaseUrl } from '../src/config/env';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { backupEngineFor } from '../src/modules/backups/backup-engine';
import { createBackupService } from '../src/modules/backups/backup-service';
import { createScratchPostgresDatabase } from '../test/scratch-postgres';
import { benchConfig, fmt, latencyText, listenForBench } from './config';
import { injectClient } from './http-client';
import { startWorkerUntilStopped } from './latency-probe';

/**
 * `npm run bench -- backup` (issue 40): an online backup taken in the server's process while 20 other users read
 * an order (`GET /api/orders/:identifier`, signed in: session, order, its services) at a fixed rate, open loop
 * (each request has a planned send time and its latency counts from it, so a stall counts for every request that
 * should have been sent during it). Only requests planned inside the backup's window (written and proven) count;
 * the same load over a window of the same length right after it, without a backup, is the in-run reference. For
 * the seeded database and again after 10,000 more orders, each with the seeded order's calculated services
 * (content, cost rows and results copied {@link SERVICES_PER_ORDER} times) and its status history. On embedded
 * PGlite (durable, as `npm start` opens it) and, when TEST_DATABASE_URL names a server
 * (`node scripts/test-pg.mjs --run npm run bench -- backup`), on PostgreSQL.
 */

const USERS = 20;
/** Each user's requests per second (all together: USERS × this; a person reads about one page a second at most). */
const PER_USER_RPS = 1;
const EXTRA_ORDERS = 10_000;
const SERVICES_PER_ORDER = 3;

/** The load worker: USERS senders, each at PER_USER_RPS from planned times, until told to stop. */
const OPEN_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, users, perUserRps } = workerData;
const results = [];
let stop = false;
parentPort.on('message', () => { stop = true; });
const now = () => performance.timeOrigin + performance.now();
const interval = 1000 / perUserRps;
const pending = new Set();
const send = (planned) => {
  const request = fetch(url, { headers }).then(
    async (response) => { await response.arrayBuffer(); results.push([planned, now() - planned, response.ok ? 1 : 0]); },
    () => results.push([planned, now() - planned, 0]),
  );
  pending.add(request);
  request.finally(() => pending.delete(request));
};
const start = now();
for (let user = 0; user < users; user += 1) {
  // Staggered, so the load is even over time.
  let planned = start + (user * interval) / users;
  const tick = () => {
    if (stop) return;
    // Every request whose time has come is sent now, late ones too (their lateness is in their latency).
    while (planned <= now()) { send(planned); planned += interval; }
    setTimeout(tick, Math.max(0, planned - now()));
  };
  tick();
}
parentPort.on('message', async () => {
  await Promise.allSettled([...pending]);
  parentPort.postMessage(results);
});
`;

type Sample = [planned: number, latency: number, ok: 0 | 1];

function startOpenLoad(url: string, headers: Record<string, string>) {
  return startWorkerUntilStopped<Sample[]>(OPEN_LOOP, {
    url,
    headers,
    users: USERS,
    perUserRps: PER_USER_RPS,
  });
}

/** The latencies of the requests planned in [from, to), and how many failed. */
const within = (samples: Sample[], from: number, to: number) => {
  const inside = samples.filter(([planned]) => planned >= from && planned < to);
  return {
    latencies: inside.map(([, latency]) => latency),
    failed: inside.filter(([, , ok]) => ok === 0).length,
  };
};

/** A progress line on stderr (the report is printed at the end; a run takes minutes on a busy machine). */
const progress = (line: string) => process.stderr.write(`[bench backup] ${line}\n`);

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * Adds EXTRA_ORDERS copies of the order `identifier` to its company, each with SERVICES_PER_ORDER copies of each
 * of its services (new identifiers and service numbers) and its status history.
 */
async function addOrders(database: DatabaseHandle, identifier: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO orders (identifier, company_id, user_id, name, status, company_info, price_rounding,
                          number_year, number)
      SELECT md5(random()::text || g), o.company_id, o.user_id, o.name || ' ' || g, o.status, o.company_info,
             o.price_rounding, o.number_year, 100000 + g
      FROM orders o, generate_series(1, ${EXTRA_ORDERS}) g WHERE o.identifier = ${identifier}`);
    await tx.execute(sql`
      INSERT INTO calculations (identifier, order_id, company_id, category_id, name, source, source_id, position,
                                service_number, content, summary, summary_with_profit, cost)
      SELECT md5(random()::text || n.id || '-' || c.id || '-' || k), n.id, c.company_id, c.category_id, c.name,
             c.source, c.source_id, c.position * ${SERVICES_PER_ORDER} + k,
             1000000 + row_number() OVER (), c.content, c.summary, c.summary_with_profit, c.cost
      FROM orders s
      JOIN calculations c ON c.order_id = s.id
      JOIN orders n ON n.company_id = s.company_id AND n.number > 100000
      CROSS JOIN generate_series(1, ${SERVICES_PER_ORDER}) k
      WHERE s.identifier = ${identifier}`);
    await tx.execute(sql`
      INSERT INTO order_status_history (order_id, user_id, from_status, to_status, revision)
      SELECT n.id, h.user_id, h.from_status, h.to_status, h.revision
      FROM orders s
      JOIN order_status_history h ON h.order_id = s.id
      JOIN orders n ON n.company_id = s.company_id AND n.number > 100000
      WHERE s.identifier = ${identifier}`);
  });
}

/** One database: the seeded one, then with EXTRA_ORDERS more. */
async function benchOneDatabase(label: string, serverUrl: string | undefined, report: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-backup-'));
  const scratch = serverUrl
    ? await createScratchPostgresDatabase(serverUrl, 'medcalc_bench_backup')
    : undefined;
  const config = benchConfig(dataDir, {
    BACKUP_SCHEDULE: 'off',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const database = await openDatabase(
    scratch ? { databaseUrl: scratch.url, pgliteDir: '' } : { pgliteDir: config.pgliteDir },
  );
  const app = await buildApp(config, { database });
  try {
    const base = await listenForBench(app);
    // The engine's two phases, timed, so the stall can be told apart: writing (on PGlite the copy of the data
    // folder, the quiet moment in it, then the packing in a worker thread) and the proof (the throwaway restore and
    // its count); and, on PGlite, the quiet moment itself (no query of the app runs).
    const phases = { take: [0, 0], prove: [0, 0], pause: [0, 0] };
    const timed =
      <A extends unknown[], T>(phase: keyof typeof phases, work: (...a: A) => Promise<T>) =>
      async (...args: A) => {
        phases[phase][0] = Date.now();
        try {
          return await work(...args);
        } finally {
          phases[phase][1] = Date.now();
        }
      };
    const quiesce = database.quiesce;
    const engine = backupEngineFor(
      quiesce ? { ...database, quiesce: timed('pause', quiesce) as typeof quiesce } : database,
    );
    const backups = createBackupService({
      engine: { ...engine, take: timed('take', engine.take), prove: timed('prove', engine.prove) },
      ...config.backups,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    // The demo company's user, its paid order calculated (every service's cost rows and results stored).
    const client = await injectClient(app);
    await client.json('POST', '/login', {
      email: config.demo?.email,
      password: config.demo?.password,
    });
    const [order] = await client.json<Array<{ identifier: string; name: string }>>(
      'GET',
      '/api/orders',
    );
    if (!order) throw new Error('the demo company has no order');
    const detail = await client.json<{ version: number }>('GET', `/api/orders/${order.identifier}`);
    await client.json('POST', '/api/calculations/calculate', {
      identifier: order.identifier,
      name: order.name,
      version: detail.version,
    });
    const service = await database.db.execute<{ n: number; bytes: number; costed: number }>(sql`
      SELECT count(*)::int AS n, avg(pg_column_size(c.content) + pg_column_size(c.cost))::int AS bytes,
             count(c.cost)::int AS costed
      FROM calculations c JOIN orders o ON o.id = c.order_id WHERE o.identifier = ${order.identifier}`);
    const shape = service.rows[0];
    const url = `${base}/api/orders/${order.identifier}`;
    const headers = { cookie: client.cookie() };
    const check = await fetch(url, { headers });
    if (!check.ok) throw new Error(`GET ${url} answered ${check.status}`);

    report.push(
      `  ${label}: the demo order has ${shape?.n} service(s), ${shape?.costed} calculated, ` +
        `content + cost ≈ ${fmt((shape?.bytes ?? 0) / 1024)} KiB each`,
    );
    const measure = async (what: string) => {
      const load = startOpenLoad(url, headers);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const from = Date.now();
      const entry = await backups.runNow('cli');
      const to = Date.now();
      // The reference: the same load, no backup, over a window of the same length a second later.
      await new Promise((resolve) => setTimeout(resolve, 1000 + (to - from) + 500));
      const samples = await load.stop();
      const during = within(samples, from, to);
      const reference = within(samples, to + 1000, to + 1000 + (to - from));
      const orders = entry.counts['public.orders'] ?? 0;
      const services = entry.counts['public.calculations'] ?? 0;
      progress(`${label}, ${what}: ${entry.status} in ${entry.durationMs} ms`);
      report.push(
        `  ${what} (${orders} orders, ${services} services): ${entry.status}, ` +
          `${fmt(entry.size / 1024 / 1024)} MB, ${fmt(entry.durationMs)} ms in all ` +
          `(check ${fmt(entry.check?.durationMs ?? 0)} ms); load average ${loadAverage()}`,
        `    ${USERS} users × ${PER_USER_RPS} req/s, GET /api/orders/:identifier, open loop — ` +
          `during the backup ${latencyText(during.latencies, true)}, failed ${during.failed}; ` +
          `same load, no backup ${latencyText(reference.latencies, true)}, failed ${reference.failed}`,
        ...(['take', 'pause', 'prove'] as const)
          .filter((phase) => (phases[phase][1] ?? 0) >= from)
          .map((phase) => {
            const [start = 0, end = 0] = phases[phase];
            const part = within(samples, start, end);
            const doing = { take: 'written', pause: 'in its quiet moment', prove: 'proven' }[phase];
            return (
              `    of them planned while the backup was ${doing} ` +
              `(${fmt(end - start)} ms): ${latencyText(part.latencies, true)}, failed ${part.failed}`
            );
          }),
      );
    };
    await measure('seeded database');
    const addStarted = Date.now();
    await addOrders(database, order.identifier);
    const size = await database.db.execute<{ size: string }>(
      sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    progress(`${label}: ${EXTRA_ORDERS} orders added`);
    report.push(
      `  ${fmt(EXTRA_ORDERS)} orders added in ${fmt(Date.now() - addStarted)} ms; database ${size.rows[0]?.size}`,
    );
    await measure(`with ${fmt(EXTRA_ORDERS)} more orders`);
    await backups.close();
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchBackup(report: string[]): Promise<void> {
  report.push(`Online backup, issue 40 (load average at start ${loadAverage()}):`);
  await benchOneDatabase('embedded PGlite, durable commits', undefined, report);
  const serverUrl = readTestDatabaseUrl();
  if (serverUrl) await benchOneDatabase('PostgreSQL', serverUrl, report);
  else report.push('  PostgreSQL: skipped (no TEST_DATABASE_URL)');
  report.push(`  load average at end ${loadAverage()}`);
}
