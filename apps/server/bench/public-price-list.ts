import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  publicPriceListSchema,
  publicationSchema,
  type TemplateListEntry,
  type WizardCalculations,
} from '@medcalc/domain';
import { buildApp } from '../src/app';
import { benchConfig, fmt, latencyText, listenForBench, percentile } from './config';
import { templateOrderEntries } from './cost-workload';
import { calculatedOrder } from './document-fairness';
import { fetchClient, registerCompanyUser, type BenchClient } from './http-client';
import { startOwnProcess } from './own-process';

/*
 * `npm run bench -- public` (issue 36): one instance serves an institution's public price list, the page
 * `/p/{slug}` and its open data `/p/{slug}.json`, to anonymous visitors at a fixed open rate (requests sent on a
 * schedule, not after the previous answer, so a slow server is not spared the load; each latency counts from the
 * moment its request was due), while signed-in users of other institutions call `GET /api/orders` in loops of their
 * own. The visitors and the users are clients in two other processes (their work, reading 600 bodies of ~100 KB a
 * second, is not the server's). Three windows on the same app and data, one after another:
 *
 * 1. the signed-in users alone (their reference);
 * 2. the same bytes as the page and the JSON from a route registered only here (`/bench/public-reference…`: the
 *    framework, the app's hooks and the socket, no lookup, no limiter), at the same rate, with the users;
 * 3. the public routes at that rate, with the users.
 *
 * The per-address limit (PUBLIC_RATE_LIMIT, 600 a minute by default) is left as configured: the server trusts the
 * loopback proxy (TRUST_PROXY=loopback, as behind a reverse proxy on the same host), and the visitors come from
 * {@link ADDRESSES} addresses in X-Forwarded-For, each well under the limit, as many patients' phones are. Any 429
 * is counted and fails the run; after the windows the bench checks that one address is still refused past the limit.
 *
 * Targets (issue 36): ≥ 500 requests/s of the page and the JSON together with p99 < 50 ms each, while the signed-in
 * users keep p99 < 200 ms. BENCH_PUBLIC_RATE (requests/s, default 600), BENCH_PUBLIC_WINDOW_MS (default 20,000),
 * BENCH_PUBLIC_SERVICES (default 240) change the load; BENCH_PUBLIC_PROFILE=<file> writes a CPU profile of the
 * server's main thread over window 3 (open it in Chrome's DevTools).
 */

const RATE = Number(process.env.BENCH_PUBLIC_RATE ?? 600);
const WINDOW_MS = Number(process.env.BENCH_PUBLIC_WINDOW_MS ?? 20_000);
const WARM_UP_MS = 2_000;
const SERVICES = Number(process.env.BENCH_PUBLIC_SERVICES ?? 240);
/** Distinct visitor addresses (X-Forwarded-For). */
const ADDRESSES = 1024;
/** Other institutions, each with one signed-in user in two tabs, each tab calling every {@link PAUSE_MS}. */
const OTHERS = 4;
const TABS = 2;
const PAUSE_MS = 50;
const OTHER_ORDERS = 20;

const TARGETS = { rps: 500, publicP99: 50, signedInP99: 200 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface VisitorFigures {
  /** Latencies of the requests due in the window, by path label: ms from the due time to the body's end. */
  latencies: Record<string, number[]>;
  /** Answers of the requests due in the window, by «label status» (`unanswered` past the drain). */
  statuses: Record<string, number>;
  /** 200 answers completed within the window. */
  completed: number;
  windowMs: number;
  /** The most requests one address sent in the run. */
  perAddressMax: number;
  /** The largest lag of the schedule (the client could not send a request on time), ms. */
  lagMax: number;
}

/** How long a window's requests still in flight at its end are waited for before they count as unanswered. */
const DRAIN_MS = 15_000;

/**
 * The visitors (CommonJS, `node -e`): request i is due at start + i / rate, alternating between the paths, from
 * address i mod addresses; a keep-alive agent of up to 256 sockets. The requests due between the warm-up's end and
 * 'stop' are the window's: each one's latency counts from its due time, however late its answer (up to `drainMs`
 * after the window, then it is `unanswered`), so a server that falls behind shows it. Answers the figures.
 */
const VISITORS = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
process.once('message', ({ base, paths, rate, addresses, warmUpMs, drainMs }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(base);
  const latencies = Object.fromEntries(paths.map((p) => [p.label, []]));
  const statuses = {};
  const perAddress = new Map();
  const open = new Set();
  let completed = 0, stop = false, lagMax = 0;
  const start = performance.now();
  const windowStart = start + warmUpMs;
  let windowEnd = Infinity;
  const addressOf = (n) => '10.' + ((n >> 16) & 255) + '.' + ((n >> 8) & 255) + '.' + (n & 255);
  const count = (key) => { statuses[key] = (statuses[key] || 0) + 1; };
  const fire = (index, due) => {
    const { path, label } = paths[index % paths.length];
    const address = addressOf(index % addresses);
    perAddress.set(address, (perAddress.get(address) || 0) + 1);
    const measured = due >= windowStart;
    const pending = { label };
    if (measured) open.add(pending);
    let ended = false;
    const done = (status) => {
      if (ended) return;
      ended = true;
      const at = performance.now();
      if (status === 200 && at >= windowStart && at <= windowEnd) completed += 1;
      if (!measured || !open.delete(pending)) return;
      latencies[label].push(at - due);
      count(label + ' ' + status);
    };
    const request = http.get(
      { agent, host: target.hostname, port: target.port, path, headers: { 'x-forwarded-for': address, accept: label === 'page' ? 'text/html' : 'application/json' } },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => done(response.statusCode));
        response.on('error', () => done('error'));
      },
    );
    request.on('error', () => done('error'));
  };
  let index = 0;
  const interval = 1000 / rate;
  const tick = () => {
    if (stop) return;
    const now = performance.now();
    for (let due = start + index * interval; due <= now; due = start + index * interval) {
      lagMax = Math.max(lagMax, now - due);
      fire(index, due);
      index += 1;
    }
    setTimeout(tick, Math.max(0, start + index * interval - performance.now()));
  };
  tick();
  process.once('message', async () => {
    stop = true;
    windowEnd = performance.now();
    const drainEnd = windowEnd + drainMs;
    while (open.size > 0 && performance.now() < drainEnd) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const pending of open) count(pending.label + ' unanswered');
    open.clear();
    agent.destroy();
    process.send({ latencies, statuses, completed, windowMs: windowEnd - windowStart, perAddressMax: Math.max(0, ...perAddress.values()), lagMax });
  });
});
`;

/**
 * The signed-in users (CommonJS, `node -e`): for each cookie, `tabs` loops of `GET path`, `pauseMs` apart; the
 * latency of every request begun in the window (after `warmUpMs`, before 'stop'), however late it ends, and its
 * status. Until 'stop'.
 */
const USERS = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
process.once('message', ({ base, path, cookies, tabs, pauseMs, warmUpMs }) => {
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(base);
  const latencies = [];
  const statuses = {};
  let stop = false;
  const measuredFrom = performance.now() + warmUpMs;
  const get = (cookie) => new Promise((resolve) => {
    const request = http.get({ agent, host: target.hostname, port: target.port, path, headers: { cookie } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode));
      response.on('error', () => resolve('error'));
    });
    request.on('error', () => resolve('error'));
  });
  const tab = async (cookie) => {
    while (!stop) {
      const begun = performance.now();
      const status = await get(cookie);
      if (begun >= measuredFrom) {
        latencies.push(performance.now() - begun);
        statuses[status] = (statuses[status] || 0) + 1;
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const all = Promise.all(cookies.flatMap((cookie) => Array.from({ length: tabs }, () => tab(cookie))));
  process.once('message', async () => {
    stop = true;
    await all;
    agent.destroy();
    process.send({ latencies, statuses });
  });
});
`;

interface UserFigures {
  latencies: number[];
  statuses: Record<string, number>;
}

interface Window {
  visitors?: VisitorFigures;
  users: UserFigures;
  load: number;
  /** The server's process (the bench's: server and its threads; the clients are elsewhere) over the window. */
  cpuMs: number;
  /** The share of the window the server's event loop was busy. */
  loopBusy: number;
}

/** One window: the users, and the visitors on `paths` when given, for the warm-up and {@link WINDOW_MS}. */
async function measureWindow(
  base: string,
  cookies: string[],
  paths: Array<{ path: string; label: string }> | undefined,
  /** A file for a CPU profile of the server's main thread over the window (after the warm-up). */
  profile?: string,
): Promise<Window> {
  const users = startOwnProcess<UserFigures>(USERS, {
    base,
    path: '/api/orders',
    cookies,
    tabs: TABS,
    pauseMs: PAUSE_MS,
    warmUpMs: WARM_UP_MS,
  });
  const visitors = paths
    ? startOwnProcess<VisitorFigures>(VISITORS, {
        base,
        paths,
        rate: RATE,
        addresses: ADDRESSES,
        warmUpMs: WARM_UP_MS,
        drainMs: DRAIN_MS,
      })
    : undefined;
  await sleep(WARM_UP_MS);
  const session = profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  await sleep(WINDOW_MS);
  const cpu = process.cpuUsage(cpuBefore);
  const loop = performance.eventLoopUtilization(loopBefore);
  if (session && profile) {
    const { profile: taken } = await session.post('Profiler.stop');
    writeFileSync(profile, JSON.stringify(taken));
    session.disconnect();
  }
  const load = os.loadavg()[0] ?? 0;
  const [visitorFigures, userFigures] = await Promise.all([visitors?.stop(), users.stop()]);
  return {
    ...(visitorFigures ? { visitors: visitorFigures } : {}),
    users: userFigures,
    load,
    cpuMs: (cpu.user + cpu.system) / 1000,
    loopBusy: loop.utilization,
  };
}

/** An order holds at most 200 services: the list is made of orders of at most this many. */
const SERVICES_PER_ORDER = 120;

/** Renames each service «name (N)», N counting on from `first`, so the list's names are distinct, as a list's are. */
const distinctNames =
  (first: number) =>
  (calculations: WizardCalculations): WizardCalculations => {
    let index = first;
    return Object.fromEntries(
      Object.entries(calculations).map(([category, items]) => [
        category,
        items.map((item) => {
          index += 1;
          return { ...item, name: `${item.name} (${Math.ceil(index / 24)})`.slice(0, 255) };
        }),
      ]),
    );
  };

/**
 * The institution with the published list: orders of {@link SERVICES} services in all, each calculated, agreed and
 * its founder's decision recorded (in effect since February), then the list published at its suggested address.
 */
async function publishedInstitution(base: string, admin: { email: string; password: string }) {
  const owner = await registerCompanyUser(await fetchClient(base), 'public-owner');
  const { companyIdentifier: company } = await owner.json<{ companyIdentifier: string }>(
    'GET',
    '/api/user',
  );
  await owner.json('PUT', `/api/company-info/${company}`, WORKED_EXAMPLE_COMPANY_INFO);
  const administrator = await fetchClient(base);
  await administrator.json('POST', '/login', admin);
  for (let first = 0; first < SERVICES; first += SERVICES_PER_ORDER) {
    const count = Math.min(SERVICES_PER_ORDER, SERVICES - first);
    const { identifier } = await calculatedOrder(base, admin, count, distinctNames(first), owner);
    await owner.json('POST', '/api/calculations/approve-from-user', { identifier });
    await administrator.json('PATCH', '/api/administrator/orders/change-status', {
      identifier,
      status: 'agreed',
    });
    await owner.json('PUT', `/api/orders/${identifier}/approval`, {
      revision: 1,
      decisionNumber: String(15 + first / SERVICES_PER_ORDER),
      decisionDate: '2026-01-15',
      effectiveDate: '2026-02-01',
    });
  }
  const publication = publicationSchema.parse(
    await owner.json('GET', `/api/company/${company}/public-price-list`),
  );
  const slug = publication.suggestedSlug;
  await owner.json('PUT', `/api/company/${company}/public-price-list`, { published: true, slug });
  return slug;
}

/** Another institution: its user signed in, with {@link OTHER_ORDERS} orders of three services. */
async function otherInstitution(base: string, index: number): Promise<BenchClient> {
  const user = await registerCompanyUser(await fetchClient(base), `public-other-${index}`);
  const { companyIdentifier: company } = await user.json<{ companyIdentifier: string }>(
    'GET',
    '/api/user',
  );
  const templates = templateOrderEntries(
    await user.json<TemplateListEntry[]>('GET', '/api/get-templates-list'),
  );
  for (let order = 0; order < OTHER_ORDERS; order += 1)
    await user.json('POST', `/api/company/${company}/orders/add`, {
      name: `Замовлення ${order + 1}`,
      calculations: templates.slice(order % 10, (order % 10) + 3),
    });
  return user;
}

/** The section's lines, pushed onto `report`. */
export async function benchPublicPriceList(report: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-public-'));
  const config = benchConfig(dataDir, { DEMO_ACCOUNT: 'false', TRUST_PROXY: 'loopback' });
  const app = await buildApp(config);
  try {
    // The reference: the same bytes from a route of its own (the app's hooks run; no lookup, no limiter).
    const reference = { page: Buffer.alloc(0), json: Buffer.alloc(0) };
    app.get('/bench/public-reference', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(reference.page),
    );
    app.get('/bench/public-reference.json', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(reference.json),
    );
    const base = await listenForBench(app);
    const admin = { email: config.adminEmail, password: config.adminPassword };
    const startedSeeding = performance.now();
    const slug = await publishedInstitution(base, admin);
    const others: BenchClient[] = [];
    for (let index = 0; index < OTHERS; index += 1)
      others.push(await otherInstitution(base, index));
    const seedingMs = performance.now() - startedSeeding;

    const visitor = { 'x-forwarded-for': '192.0.2.1' };
    const page = await fetch(`${base}/p/${slug}`, { headers: visitor });
    const json = await fetch(`${base}/p/${slug}.json`, { headers: visitor });
    reference.page = Buffer.from(await page.arrayBuffer());
    reference.json = Buffer.from(await json.arrayBuffer());
    const listed = publicPriceListSchema.parse(JSON.parse(reference.json.toString('utf8')));
    if (page.status !== 200 || listed.services.length !== SERVICES)
      throw new Error(
        `the published list answered ${page.status}, ${listed.services.length} services`,
      );
    const cookies = others.map((user) => user.cookie());

    report.push(
      `public: /p/{slug} and /p/{slug}.json of an institution with ${SERVICES} approved services (page ${fmt(reference.page.length / 1024)} KiB, JSON ${fmt(reference.json.length / 1024)} KiB), ` +
        `alternating at an open rate of ${RATE} requests/s from another process; ${OTHERS} other institutions' signed-in users (${OTHER_ORDERS} orders each), ${TABS} tabs each, GET /api/orders every ${PAUSE_MS} ms from a third process; ` +
        `windows of ${fmt(WINDOW_MS / 1000)} s after ${fmt(WARM_UP_MS / 1000)} s of warm-up (seeding took ${fmt(seedingMs / 1000)} s; ${os.availableParallelism()} cores, shared with other work)`,
    );
    report.push(
      `  the per-address limit: ${config.publicRateLimit} a minute (PUBLIC_RATE_LIMIT, unchanged); the server trusts the loopback proxy (TRUST_PROXY=loopback) and the visitors come from ${ADDRESSES} addresses in X-Forwarded-For`,
    );

    const alone = await measureWindow(base, cookies, undefined);
    report.push(
      `  (1) signed-in users alone: GET /api/orders ${latencyText(alone.users.latencies, true)}; ${serverText(alone)}`,
    );
    const bytes = await measureWindow(base, cookies, [
      { path: '/bench/public-reference', label: 'page' },
      { path: '/bench/public-reference.json', label: 'json' },
    ]);
    report.push(windowLine('(2) reference, same bytes, bare route', bytes));
    const served = await measureWindow(
      base,
      cookies,
      [
        { path: `/p/${slug}`, label: 'page' },
        { path: `/p/${slug}.json`, label: 'json' },
      ],
      process.env.BENCH_PUBLIC_PROFILE,
    );
    report.push(windowLine('(3) the public routes', served));

    // The limit is still in force: one address past it is refused.
    let refusedAt = 0;
    for (let count = 1; count <= config.publicRateLimit + 1 && refusedAt === 0; count += 1) {
      const response = await fetch(`${base}/p/${slug}.json`, {
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
      await response.arrayBuffer();
      if (response.status === 429) refusedAt = count;
    }
    report.push(
      `  the limit after the windows: one address ${refusedAt > 0 ? `refused (429) at its request ${refusedAt}` : `NOT refused in ${config.publicRateLimit + 1} requests`}`,
    );

    const figures = served.visitors;
    const rps = figures ? (figures.completed / figures.windowMs) * 1000 : 0;
    const pageTimes = figures?.latencies.page ?? [];
    const jsonTimes = figures?.latencies.json ?? [];
    const userTimes = served.users.latencies;
    // A p99 of no answers is no figure: it fails.
    const under = (times: number[], target: number) =>
      times.length > 0 && percentile(times, 99) < target;
    const notOk = (statuses: Record<string, number>) =>
      Object.entries(statuses)
        .filter(([key]) => !key.endsWith('200'))
        .reduce((sum, [, count]) => sum + count, 0);
    const refused = notOk(figures?.statuses ?? {}) + notOk(served.users.statuses);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    report.push(
      `  targets: ${verdict(rps >= TARGETS.rps)} ${fmt(rps)} requests/s ≥ ${TARGETS.rps}; ` +
        `${verdict(under(pageTimes, TARGETS.publicP99))} page p99 ${fmt(percentile(pageTimes, 99))} ms < ${TARGETS.publicP99}; ` +
        `${verdict(under(jsonTimes, TARGETS.publicP99))} JSON p99 ${fmt(percentile(jsonTimes, 99))} ms < ${TARGETS.publicP99}; ` +
        `${verdict(under(userTimes, TARGETS.signedInP99))} signed-in p99 ${fmt(percentile(userTimes, 99))} ms < ${TARGETS.signedInP99}; ` +
        `${verdict(refused === 0)} answers other than 200: ${refused}; ${verdict(refusedAt > 0)} the limit still refuses`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The server's side of a window: its process's CPU time and event loop, and the machine's load. */
const serverText = (window: Window, requests = 0) =>
  `server process CPU ${fmt(window.cpuMs / (WINDOW_MS / 1000))} ms/s` +
  (requests > 0 ? ` (${fmt(window.cpuMs / requests)} ms per request)` : '') +
  `, event loop busy ${fmt(window.loopBusy * 100)} %; load average ${fmt(window.load)}`;

/** A window's line: the visitors' rate, page and JSON latencies, their answers, and the users' latencies. */
function windowLine(label: string, window: Window): string {
  const visitors = window.visitors;
  if (!visitors) return `  ${label}: no visitors`;
  const statuses = Object.entries(visitors.statuses)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([key, count]) => `${key}: ${count}`)
    .join(', ');
  const userStatuses = Object.entries(window.users.statuses)
    .map(([key, count]) => `${key}: ${count}`)
    .join(', ');
  return (
    `  ${label}: ${fmt((visitors.completed / visitors.windowMs) * 1000)} requests/s answered 200 (${RATE} due); ` +
    `page ${latencyText(visitors.latencies.page ?? [], true)}; JSON ${latencyText(visitors.latencies.json ?? [], true)}\n` +
    `      signed-in GET /api/orders ${latencyText(window.users.latencies, true)} (${userStatuses}); ` +
    `${serverText(window, visitors.completed + window.users.latencies.length)}\n` +
    `      answers ${statuses}; at most ${visitors.perAddressMax} requests from one address; the visitors' schedule lagged up to ${fmt(visitors.lagMax)} ms`
  );
}
