import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';

/**
 * `npm run bench`: figures for the foundation, printed, never asserted (targets live in issues, not in timed
 * tests). The load generator runs in the same process, so throughput figures are a floor, not a ceiling.
 *
 * - first start: migrate + seed + admin on a fresh embedded database folder
 * - restart on the same folder
 * - POST /login latency (argon2id verify included)
 * - GET /api/user throughput with 50 concurrent requests (session lookup per request)
 * - reference data: the staffing table, one searched page of 500 own materials, the templates list
 * - orders: placing an order of all 24 templates, and reading it back (the wizard's first request)
 * - resident memory after the run
 */
const DURATION_MS = Number(process.argv[2] ?? 5000);
const CONCURRENCY = 50;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  PORT: '0',
});

async function timeIt<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(url: string, headers: Record<string, string>) {
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        latencies.push(performance.now() - start);
        if (response.ok) done += 1;
        else failed += 1;
      }
    }),
  );
  return { rps: (done / DURATION_MS) * 1000, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

try {
  const [first, firstMs] = await timeIt(() => buildApp(config));
  await first.close();
  const [app, restartMs] = await timeIt(() => buildApp(config));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const loginTimes: number[] = [];
  let session = '';
  for (let i = 0; i < 10; i += 1) {
    const [response, ms] = await timeIt(() =>
      fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email: config.adminEmail, password: config.adminPassword }),
      }),
    );
    loginTimes.push(ms);
    session = /medcalc_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? session;
  }

  const health = await load(`${base}/api/health`, {});
  const signedIn = { cookie: `medcalc_session=${session}; XSRF-TOKEN=${xsrf}` };
  const user = await load(`${base}/api/user`, signedIn);

  const send = (method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...signedIn, 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
      body: JSON.stringify(body),
    });
  const me = (await (await fetch(`${base}/api/user`, { headers: signedIn })).json()) as { companyIdentifier: string };
  const company = me.companyIdentifier;
  for (let i = 0; i < 500; i += 1) {
    const response = await send('POST', `/api/company/${company}/pills`, {
      name: `Матеріал для вимірювання ${String(i).padStart(3, '0')}`,
      measurementType: 'шт',
      price: (i % 97) + 0.25,
    });
    if (!response.ok) throw new Error(`seeding materials failed: ${response.status} ${await response.text()}`);
  }
  const staff = await load(`${base}/api/get-stuff/${company}`, signedIn);
  const pillsPage = await load(
    `${base}/api/company/${company}/pills?page=3&perPage=25&search=${encodeURIComponent('ВИМІР')}`,
    signedIn,
  );
  const templatesList = await load(`${base}/api/get-templates-list`, signedIn);

  const list = (await (await fetch(`${base}/api/get-templates-list`, { headers: signedIn })).json()) as Array<{
    categoryId: number;
    templates: Array<{ templateId: number; templateName: string }>;
  }>;
  const calculations = list.flatMap((entry) =>
    entry.templates.map((t) => ({
      categoryId: entry.categoryId,
      source: 'template',
      sourceId: t.templateId,
      templateId: t.templateId,
      templateName: t.templateName,
    })),
  );
  const placeTimes: number[] = [];
  let identifier = '';
  for (let i = 0; i < 10; i += 1) {
    const [response, ms] = await timeIt(() =>
      send('POST', `/api/company/${company}/orders/add`, { name: `Замовлення ${i}`, calculations }),
    );
    placeTimes.push(ms);
    if (!response.ok) throw new Error(`placing an order failed: ${response.status} ${await response.text()}`);
    identifier = ((await response.json()) as { identifier: string }).identifier;
  }
  await send('PATCH', '/api/administrator/orders/change-status', { identifier, status: 'paid' });
  const order = await load(`${base}/api/orders/${identifier}`, signedIn);
  await app.close();

  const fmt = (n: number) => n.toFixed(1);
  console.log('medcalc bench (embedded PGlite, in-process load generator, 50 concurrent)');
  console.log(`first start (migrate + seed + admin): ${fmt(firstMs)} ms`);
  console.log(`restart on the same data:             ${fmt(restartMs)} ms`);
  console.log(`POST /login (argon2id):               p50 ${fmt(percentile(loginTimes, 50))} ms, max ${fmt(Math.max(...loginTimes))} ms`);
  console.log(`GET /api/health:                      ${fmt(health.rps)} req/s, p50 ${fmt(health.p50)} ms, p99 ${fmt(health.p99)} ms, failed ${health.failed}`);
  console.log(`GET /api/user (session lookup):       ${fmt(user.rps)} req/s, p50 ${fmt(user.p50)} ms, p99 ${fmt(user.p99)} ms, failed ${user.failed}`);
  console.log(`GET /api/get-stuff (58 rows):          ${fmt(staff.rps)} req/s, p50 ${fmt(staff.p50)} ms, p99 ${fmt(staff.p99)} ms, failed ${staff.failed}`);
  console.log(`GET own pills, page 3 of 500, search: ${fmt(pillsPage.rps)} req/s, p50 ${fmt(pillsPage.p50)} ms, p99 ${fmt(pillsPage.p99)} ms, failed ${pillsPage.failed}`);
  console.log(`GET /api/get-templates-list:          ${fmt(templatesList.rps)} req/s, p50 ${fmt(templatesList.p50)} ms, p99 ${fmt(templatesList.p99)} ms, failed ${templatesList.failed}`);
  console.log(`POST orders/add (${calculations.length} templates):        p50 ${fmt(percentile(placeTimes, 50))} ms, max ${fmt(Math.max(...placeTimes))} ms`);
  console.log(`GET /api/orders/{identifier}:         ${fmt(order.rps)} req/s, p50 ${fmt(order.p50)} ms, p99 ${fmt(order.p99)} ms, failed ${order.failed}`);
  console.log(`resident memory after run:            ${fmt(process.memoryUsage().rss / 1024 / 1024)} MiB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
