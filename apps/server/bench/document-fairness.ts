import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  MAX_LINES_PER_CALCULATION,
  WORKED_EXAMPLE_COMPANY_INFO,
  documentJobAnswerSchema,
  type OrderDetail,
  type TemplateListEntry,
  type WizardCalculations,
} from '@medcalc/domain';
import { buildApp } from '../src/app';
import { mapCalculations, withSalaries } from '../test/with-salaries';
import { templateOrderEntries } from './cost-workload';
import { benchConfig, fmt, listenForBench, percentile } from './config';
import { fetchClient, registerCompanyUser, type BenchClient } from './http-client';

/*
 * `npm run bench -- document-fairness` (issue 24 §1): while company A asks for the print set of an order filled to
 * the validation limits (200 services × 200 material and 120 staff lines) again and again, from three tabs at
 * once, company B works: its calculate-online and `GET /api/orders` latencies (p50/p99), and the time its own
 * 5-service print set takes to arrive. Twice on the same data in the same run: without the limits (every document
 * rendered while its request waits, as after issue 21: DOCUMENT_JOB_LINES past any order) and with them (A's set
 * is a job; one job of A at a time, the same request joining it; the jobs leave a worker to small documents).
 * The machine is shared with other work: the load average is printed with the figures.
 */

const SERVICES = 200;
const STAFF_LINES = 120;
const MATERIAL_LINES = MAX_LINES_PER_CALCULATION;
/** Company A's tabs asking for the set in a loop. */
const A_TABS = 3;
/** How long B's figures are taken while A's loop runs, ms. */
const WINDOW_MS = Number(process.env.BENCH_FAIRNESS_WINDOW_MS ?? 30_000);
/** B's print set is given up after this long (reported as «> 60 s»). */
const B_PRINT_LIMIT_MS = 60_000;
/** Company B's own print set. */
const B_SERVICES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every line of every service repeated (cyclically, names cut to 12 characters) up to `staff` staff and `materials` material lines. */
function filledTo(calculations: WizardCalculations, staff: number, materials: number) {
  const repeat = <T>(lines: T[], count: number) =>
    lines.length === 0
      ? []
      : Array.from({ length: count }, (_, index) => lines[index % lines.length] as T);
  return mapCalculations(calculations, (calculation) => ({
    ...calculation,
    // Names shortened, so that 64,000 lines fit in the wizard's 8 MiB body (the issue's order was 6.7 MB).
    stuff: repeat(calculation.stuff, staff).map((line) => ({
      ...line,
      quality: line.quality && { ...line.quality, name: line.quality.name.slice(0, 12) },
    })),
    pills: repeat(calculation.pills, materials).map((line) => ({
      ...line,
      name: line.name.slice(0, 12),
    })),
  }));
}

/** A calculated order of `count` services (the templates over and over) of a new company, lines as `fill` says. */
export async function calculatedOrder(
  base: string,
  admin: { email: string; password: string },
  count: number,
  fill: (calculations: WizardCalculations) => WizardCalculations,
) {
  const user = await registerCompanyUser(await fetchClient(base), `fair-${count}`);
  const me = await user.json<{ companyIdentifier: string }>('GET', '/api/user');
  const templates = templateOrderEntries(
    await user.json<TemplateListEntry[]>('GET', '/api/get-templates-list'),
  );
  const { identifier } = await user.json<{ identifier: string }>(
    'POST',
    `/api/company/${me.companyIdentifier}/orders/add`,
    {
      name: `Замовлення на ${count} послуг`,
      calculations: Array.from(
        { length: count },
        (_, index) => templates[index % templates.length],
      ),
    },
  );
  const administrator = await fetchClient(base);
  await administrator.json('POST', '/login', admin);
  await administrator.json('PATCH', '/api/administrator/orders/change-status', {
    identifier,
    status: 'paid',
  });
  const detail = await user.json<OrderDetail>('GET', `/api/orders/${identifier}`);
  const calculations = fill(withSalaries(detail.calculations, () => 15_000));
  const body = {
    identifier,
    name: `Замовлення на ${count} послуг`,
    calculations: JSON.stringify(calculations),
    companyInfo: JSON.stringify(WORKED_EXAMPLE_COMPANY_INFO),
  };
  await user.json('POST', '/api/calculations/calculate', body);
  return { user, identifier, calculations, bytes: Buffer.byteLength(JSON.stringify(body)) };
}

/** Asks for the print set and waits for its file: at once, or through its job. Answers the ms it took. */
async function printSet(
  client: BenchClient,
  base: string,
  identifier: string,
  signal?: AbortSignal,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}/api/orders/pdf`, {
      signal,
      method: 'POST',
      headers: { ...client.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'print', identifier }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status === 200) return performance.now() - started;
    if (response.status === 503) {
      await sleep(1_000);
      continue;
    }
    if (response.status !== 202)
      throw new Error(`print: ${response.status} ${bytes.toString('utf8', 0, 200)}`);
    let { job } = documentJobAnswerSchema.parse(JSON.parse(bytes.toString('utf8')));
    while (job.status === 'queued' || job.status === 'running') {
      await sleep(500);
      signal?.throwIfAborted();
      ({ job } = documentJobAnswerSchema.parse(
        await client.json('GET', `/api/document-jobs/${job.id}`),
      ));
    }
    if (job.status === 'failed') throw new Error(`print job failed: ${job.message ?? ''}`);
    const file = await fetch(`${base}/api/document-jobs/${job.id}/file`, {
      headers: client.headers(),
    });
    await file.arrayBuffer();
    if (file.status !== 200) throw new Error(`job file: ${file.status}`);
    return performance.now() - started;
  }
}

interface Figures {
  aSets: number;
  calculate: number[];
  orders: number[];
  bPrints: number[];
  load: number;
  /** B's answers other than 200. */
  failed: string[];
}

/** One mode: A's loop, B's figures over the window, then A's loop drained. */
async function measure(
  base: string,
  a: { user: BenchClient; identifier: string },
  b: { user: BenchClient; identifier: string; calculations: WizardCalculations },
): Promise<Figures> {
  let stop = false;
  let aSets = 0;
  const aErrors: string[] = [];
  // A's requests still waiting when B's window closes are cut (a request can wait minutes without the limits).
  const cut = new AbortController();
  const aLoop = Promise.all(
    Array.from({ length: A_TABS }, async () => {
      while (!stop) {
        try {
          await printSet(a.user, base, a.identifier, cut.signal);
          aSets += 1;
        } catch (error) {
          if (!stop) aErrors.push(String(error).slice(0, 120));
          await sleep(1_000);
        }
      }
    }),
  );
  await sleep(3_000); // A's first sets are under way
  const calculateBody = JSON.stringify({
    calculations: b.calculations,
    companyInfo: WORKED_EXAMPLE_COMPANY_INFO,
  });
  const figures: Figures = {
    aSets: 0,
    calculate: [],
    orders: [],
    bPrints: [],
    load: loadavg()[0] ?? 0,
    failed: [],
  };
  const end = performance.now() + WINDOW_MS;
  const bRequests = (async () => {
    while (performance.now() < end) {
      let started = performance.now();
      const calculated = await fetch(`${base}/api/calculations/calculate-online`, {
        method: 'POST',
        headers: { ...b.user.headers(), 'content-type': 'application/json' },
        body: calculateBody,
      });
      await calculated.arrayBuffer();
      if (calculated.status !== 200) figures.failed.push(`calculate-online ${calculated.status}`);
      figures.calculate.push(performance.now() - started);
      started = performance.now();
      const orders = await fetch(`${base}/api/orders`, { headers: b.user.headers() });
      await orders.arrayBuffer();
      if (orders.status !== 200) figures.failed.push(`orders ${orders.status}`);
      figures.orders.push(performance.now() - started);
      await sleep(20);
    }
  })();
  const bPrints = (async () => {
    while (performance.now() < end) {
      figures.bPrints.push(
        await printSet(b.user, base, b.identifier, AbortSignal.timeout(B_PRINT_LIMIT_MS)).catch(
          () => Number.POSITIVE_INFINITY,
        ),
      );
      await sleep(2_000);
    }
  })();
  try {
    await Promise.all([bRequests, bPrints]);
  } catch (error) {
    figures.failed.push(String(error).slice(0, 120));
  } finally {
    stop = true;
    cut.abort();
    await aLoop;
  }
  figures.failed.push(...aErrors.slice(0, 3).map((error) => `A: ${error}`));
  figures.load = Math.max(figures.load, loadavg()[0] ?? 0);
  figures.aSets = aSets;
  return figures;
}

/** Company B's figures beside A's loop, without and with the limits, same data, same run. */
export async function benchDocumentFairness(report: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-fairness-'));
  report.push(
    `document-fairness: company A asks for the print set of a ${SERVICES} services × (${MATERIAL_LINES} material + ${STAFF_LINES} staff lines) order from ${A_TABS} tabs in a loop; company B over ${fmt(WINDOW_MS / 1000)} s: calculate-online (${B_SERVICES} services) and GET /api/orders one after another, and its own ${B_SERVICES}-service print set (${os.availableParallelism()} cores, shared with other work)`,
  );
  let orders:
    | {
        a: Awaited<ReturnType<typeof calculatedOrder>>;
        b: Awaited<ReturnType<typeof calculatedOrder>>;
      }
    | undefined;
  try {
    for (const [label, env] of [
      [
        'without the limits (every document rendered while its request waits)',
        { DOCUMENT_JOB_LINES: '1000000000' },
      ],
      ['with the limits (large documents as jobs, one per company, in turn)', {}],
    ] as const) {
      const config = benchConfig(dataDir, env);
      const app = await buildApp(config);
      try {
        const base = await listenForBench(app);
        const admin = { email: config.adminEmail, password: config.adminPassword };
        if (!orders) {
          const started = performance.now();
          const a = await calculatedOrder(base, admin, SERVICES, (calculations) =>
            filledTo(calculations, STAFF_LINES, MATERIAL_LINES),
          );
          const b = await calculatedOrder(base, admin, B_SERVICES, (calculations) => calculations);
          orders = { a, b };
          report.push(
            `  A's order: ${fmt(a.bytes / 1024 / 1024)} MiB saved, set up in ${fmt((performance.now() - started) / 1000)} s`,
          );
        } else {
          // The companies' sessions belong to the first app's database rows, which this app reads too.
        }
        const figures = await measure(base, orders.a, orders.b);
        report.push(
          `  ${label}:\n` +
            `    B calculate-online p50 ${fmt(percentile(figures.calculate, 50))} ms, p99 ${fmt(percentile(figures.calculate, 99))} ms (${figures.calculate.length}); ` +
            `GET /api/orders p50 ${fmt(percentile(figures.orders, 50))} ms, p99 ${fmt(percentile(figures.orders, 99))} ms (${figures.orders.length})\n` +
            `    B's ${B_SERVICES}-service print set ${figures.bPrints
              .map((ms) => (Number.isFinite(ms) ? fmt(ms / 1000) : `> ${B_PRINT_LIMIT_MS / 1000}`))
              .join(' / ')} s; ` +
            `A's sets finished ${figures.aSets}; load average ${fmt(figures.load)}` +
            (figures.failed.length > 0
              ? `; B's failed answers: ${figures.failed.slice(0, 5).join(', ')}`
              : ''),
        );
        console.log(report.at(-1));
      } finally {
        await app.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
