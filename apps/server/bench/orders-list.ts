import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TemplateListEntry } from '@medcalc/domain';
import { buildApp } from '../src/app';
import { readTestDatabaseUrl } from '../src/config/env';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { companies } from '../src/db/schema';
import { selectOrdersOfCompany } from '../src/modules/orders/orders.repository';
import { createScratchPostgresDatabase } from '../test/scratch-postgres';
import { benchConfig, listenForBench } from './config';
import { templateOrderEntries } from './cost-workload';
import { injectClient } from './http-client';

/**
 * `npm run bench -- orders` (issue 12, "Speed → Orders list"): the authenticated `GET /api/orders` of a company
 * with 50 orders, 50 concurrent keep-alive connections, beside two references served by the same process in the
 * same run:
 *
 * - (a) `GET /api/orders` signed in as the demo company's user (cookie → session → the list): the real route;
 * - (b) `GET /bench/raw-orders`: a route registered only here that runs the list's SQL through the raw driver
 *   (PGlite `query`, node-postgres `Pool.query` as a named statement) with the company id fixed: no cookie, no
 *   session, no validation, no response schema, no ORM;
 * - (c) `GET /bench/constant`: a constant JSON answer (the framework and the socket alone).
 *
 * On PGlite always; on PostgreSQL too when TEST_DATABASE_URL names a server (`node scripts/test-pg.mjs --run npm
 * run bench -- orders` starts a throwaway cluster for it). The load runs in a worker thread with its own event
 * loop, so it does not queue behind the server's; both still share the machine's cores.
 */

const ORDERS = 50;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

/** A keep-alive HTTP load loop (node:http), run as a worker from source so no loader is needed. */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { url, headers, connections, durationMs, warmUpMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const get = () =>
  new Promise((resolve) => {
    const request = http.get(
      { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode === 200));
      },
    );
    request.on('error', () => resolve(false));
  });
(async () => {
  const warmUpEnd = performance.now() + warmUpMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < warmUpEnd) await get();
    }),
  );
  const latencies = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  const end = start + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const begun = performance.now();
        const good = await get();
        latencies.push(performance.now() - begun);
        if (good) ok += 1;
        else failed += 1;
      }
    }),
  );
  const elapsed = performance.now() - start;
  agent.destroy();
  parentPort.postMessage({ latencies, ok, failed, elapsed });
})();
`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs the load worker against one URL and summarises it. */
export function loadInWorker(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationMs: number;
  warmUpMs: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: options });
    worker.once('error', reject);
    worker.once(
      'message',
      (message: { latencies: number[]; ok: number; failed: number; elapsed: number }) => {
        const sorted = [...message.latencies].sort((a, b) => a - b);
        resolve({
          rps: (message.ok / message.elapsed) * 1000,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          ok: message.ok,
          failed: message.failed,
        });
        void worker.terminate();
      },
    );
  });
}

/** The database of one run: embedded PGlite in a temp folder, or a fresh database on a PostgreSQL server. */
export async function openBenchDatabase(serverUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-orders-'));
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    return {
      dataDir,
      databaseUrl: undefined,
      database,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchPostgresDatabase(serverUrl, 'medcalc_bench');
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
  return {
    dataDir,
    databaseUrl: scratch.url,
    database,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

/**
 * The raw driver under Drizzle (PGlite's `query`, the node-postgres pool's) running the list's SQL exactly as the
 * repository's query builder writes it (`selectOrdersOfCompany`), with its one parameter, the company id. The SQL
 * answers one row with one value, the list as JSON, which the route answers as the driver parsed it.
 */
function rawQuery(database: DatabaseHandle): {
  text: string;
  run: (companyId: number) => Promise<unknown>;
} {
  const firstValue = (rows: unknown[]) => Object.values((rows[0] ?? {}) as object)[0];
  const text = selectOrdersOfCompany(database.db, sql.placeholder('companyId')).toSQL().sql;
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const lite = client as PGlite;
    return {
      text,
      run: async (companyId) => firstValue((await lite.query(text, [companyId])).rows),
    };
  }
  const pool = client as pg.Pool;
  return {
    text,
    run: async (companyId) =>
      firstValue((await pool.query({ name: 'bench_raw_orders', text, values: [companyId] })).rows),
  };
}

/** One database: start the app, fill the demo company up to 50 orders, load (a), (b), (c). */
async function benchOneDatabase(
  label: string,
  serverUrl: string | undefined,
  options: { durationMs: number; connections: number; rounds: number },
) {
  const opened = await openBenchDatabase(serverUrl);
  const config = benchConfig(
    opened.dataDir,
    opened.databaseUrl ? { DATABASE_URL: opened.databaseUrl } : {},
  );
  const app = await buildApp(config, { database: opened.database });
  try {
    const raw = rawQuery(opened.database);
    let rawCompanyId = 0;
    app.get('/bench/raw-orders', async () => raw.run(rawCompanyId));
    app.get('/bench/constant', async () => ({ status: 'ok', constant: true }));
    const base = await listenForBench(app);

    // Sign in as the demo company's user (its company has the worked example as institution data, so each order
    // carries a realistic snapshot of about 1 KB), then place orders until it has 50.
    const client = await injectClient(app);
    const { user } = await client.json<{ user: { companyIdentifier: string } }>('POST', '/login', {
      email: config.demo?.email,
      password: config.demo?.password,
    });
    const company = user.companyIdentifier;
    const cookie = client.cookie();
    const [firstTemplate] = templateOrderEntries(
      await client.json<TemplateListEntry[]>('GET', '/api/get-templates-list'),
    );
    if (!firstTemplate) throw new Error('no template to place orders with');
    const listNow = () => client.json<Array<{ identifier: string }>>('GET', '/api/orders');
    for (let i = (await listNow()).length; i < ORDERS; i += 1) {
      await client.json('POST', `/api/company/${company}/orders/add`, {
        name: `Замовлення для вимірювання ${i + 1}`,
        calculations: [firstTemplate],
      });
    }
    const list = await fetch(`${base}/api/orders`, { headers: { cookie } });
    const listBody = await list.text();
    const listed = JSON.parse(listBody) as unknown[];
    if (listed.length !== ORDERS) {
      throw new Error(`the demo company has ${listed.length} orders, expected ${ORDERS}`);
    }
    // The company's internal id for the raw route (the route takes no parameter, so nothing is parsed).
    const [row] = await opened.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.identifier, company));
    rawCompanyId = row?.id ?? 0;
    const rawBody = await (await fetch(`${base}/bench/raw-orders`)).text();
    if ((JSON.parse(rawBody) as unknown[]).length !== ORDERS) {
      throw new Error(`the raw route answered ${rawBody.slice(0, 80)}`);
    }

    const run = (url: string, headers: Record<string, string> = {}) =>
      loadInWorker({
        url: `${base}${url}`,
        headers,
        connections: options.connections,
        durationMs: options.durationMs,
        warmUpMs: Math.min(1000, options.durationMs / 5),
      });
    // Rounds of (c), (b), (a) one after another, so a change in the machine's load (2 shared cores) hits all
    // three alike; each figure is the round with the median req/s of its route, and every round is printed.
    const constants: LoadResult[] = [];
    const bares: LoadResult[] = [];
    const reals: LoadResult[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      constants.push(await run('/bench/constant'));
      bares.push(await run('/bench/raw-orders'));
      reals.push(await run('/api/orders', { cookie }));
    }
    const median = (results: LoadResult[]) =>
      [...results].sort((x, y) => x.rps - y.rps)[Math.floor(results.length / 2)] ?? results[0];
    const [constant, bare, real] = [median(constants), median(bares), median(reals)];
    if (!constant || !bare || !real) throw new Error('no load round ran');

    const line = (name: string, r: LoadResult) =>
      `  ${name.padEnd(40)} ${r.rps.toFixed(1).padStart(8)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failed ${r.failed}`;
    const pct = (n: number) => `${Math.round(n * 100)} %`;
    const rounds = (results: LoadResult[]) => results.map((r) => r.rps.toFixed(0)).join(' / ');
    return [
      `orders list, ${label}: ${ORDERS} orders, ${options.connections} connections, ` +
        `${options.rounds} rounds of ${options.durationMs} ms per route, answer ${(Buffer.byteLength(listBody) / 1024).toFixed(1)} KiB`,
      line('(a) GET /api/orders (signed in)', real),
      line('(b) bare route, same SQL, raw driver', bare),
      line('(c) constant JSON', constant),
      `  the SQL of (a) and (b): ${raw.text}`,
      `  (a)/(b) ${pct(real.rps / bare.rps)}, (a)/(c) ${pct(real.rps / constant.rps)}; ` +
        `targets: (a)/(b) ≥ 70 %, p99 of (a) < 100 ms`,
      `  req/s per round: (a) ${rounds(reals)}; (b) ${rounds(bares)}; (c) ${rounds(constants)}`,
    ];
  } finally {
    await app.close();
    await opened.database.close();
    await opened.drop();
  }
}

/** The section's report lines: PGlite, then PostgreSQL when TEST_DATABASE_URL is set. */
export async function benchOrdersList(options: {
  durationMs: number;
  connections: number;
  rounds: number;
}) {
  const lines = [
    `load average at start: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  ];
  lines.push(...(await benchOneDatabase('embedded PGlite', undefined, options)));
  const serverUrl = readTestDatabaseUrl();
  if (serverUrl) lines.push(...(await benchOneDatabase('PostgreSQL', serverUrl, options)));
  else lines.push('orders list, PostgreSQL: skipped (no TEST_DATABASE_URL)');
  lines.push(
    `load average at end:   ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  return lines;
}
