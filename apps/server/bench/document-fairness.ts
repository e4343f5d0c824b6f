import { loadavg } from 'node:os';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  MAX_LINES_PER_CALCULATION,
  WORKED_EXAMPLE_COMPANY_INFO,
  documentJobAnswerSchema,
  type OrderDetail,
  type TemplateListEntry,
  type WizardCalculations,
} from '@medcalc/domain';
import { mapCalculations, withSalaries } from '../test/with-salaries';
import { templateOrderEntries } from './cost-workload';
import { eachBenchApp, fmt, latencyText, peakRssMb, resetPeakRss } from './config';
import { startOwnProcess } from './own-process';
import { startLatencyProbe } from './latency-probe';
import { fetchClient, registerCompanyUser, type BenchClient } from './http-client';

/*
 * `npm run bench -- document-fairness` (issue 24 §1): while company A asks for the print set of an order filled to
 * the validation limits (200 services × 200 material and 120 staff lines) again and again, from three tabs at
 * once, company B works: its calculate-online and `GET /api/orders` latencies (p50/p99), and the time its own
 * 5-service print set takes to arrive. Twice on the same data in the same run: without the limits (every document
 * rendered while its request waits, as after issue 21: DOCUMENT_JOB_LINES past any order) and with them (A's set
 * is a job; one job of A at a time, the same request joining it; the jobs leave a worker to small documents).
 * The machine is shared with other work: the load average is printed with the figures.
 *
 * Issue 34 adds the heaviest document requests one account is allowed besides: A's set asked from five tabs (once
 * its job is done, each is answered from the stored 20 MB file), and twelve print sets just under the job
 * threshold at once, again and again (each a small document rendered while its request waits). B's figures add
 * `GET /api/health` from a probe of its own thread, B's one-page title (how many refused), and the peak memory of
 * the bench's process (the server with its worker threads, and B's clients; A's tabs run in a process of their
 * own, {@link ATTACKER}). Targets: B's GET /api/orders p99 < 200 ms, health < 100 ms.
 */

const SERVICES = 200;
const STAFF_LINES = 120;
const MATERIAL_LINES = MAX_LINES_PER_CALCULATION;
/** Company A's tabs asking for the set in a loop. */
const A_TABS = 5;
/** Company A's print sets just under the job threshold, asked at once, again and again (issue 34). */
const A_NEAR_SETS = 12;
/** The services of A's second order: 9 × (1 + 120 staff + 200 material lines) = 2,889 lines, under 3,000. */
const A_NEAR_SERVICES = 9;
/** How long B's figures are taken while A's loop runs, ms. */
const WINDOW_MS = Number(process.env.BENCH_FAIRNESS_WINDOW_MS ?? 30_000);
/** The app's own limits (the second mode). */
const LIMITS: Record<string, string> = {};
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
  /** The company's account to order as (a new company when absent). */
  as?: BenchClient,
) {
  const user = as ?? (await registerCompanyUser(await fetchClient(base), `fair-${count}`));
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
      // Asked of this run's app at `base`: the client was made against the first mode's app, closed by now (the
      // second mode stopped at ECONNREFUSED when it polled through the client).
      const polled = await fetch(`${base}/api/document-jobs/${job.id}`, {
        headers: client.headers(),
      });
      ({ job } = documentJobAnswerSchema.parse(await polled.json()));
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
  /** A's near-threshold sets answered 200, and refused (429/503). */
  aNear: { done: number; refused: Record<number, number> };
  calculate: number[];
  orders: number[];
  health: number[];
  bPrints: number[];
  /** B's title page: answered, and refused by status. */
  bTitles: { done: number; refused: Record<number, number> };
  /** The bench process's peak resident memory over the mode (server, its worker threads, B's clients), MiB. */
  peakRss: number;
  /** Its resident memory as A began, MiB (the worker threads keep what A's set's layout took). */
  startRss: number;
  load: number;
  /** B's answers other than 200. */
  failed: string[];
}

/** Company A's figures, as its process answers them (see {@link ATTACKER}). */
interface AttackerFigures {
  sets: number;
  near: Figures['aNear'];
  errors: string[];
}

/**
 * Company A's tabs (CommonJS run by `node -e`, in a process of its own: bench/own-process.ts). Reading five 20 MB
 * answers in a loop in the server's process stopped its event loop for seconds (issue 34: the profile of this
 * bench showed the client's copies of the body and their garbage collection as the longest stalls), so the
 * figures measured the bench's own client. `tabs` tabs ask for the print set of `identifier` in a loop (a job
 * followed to its file, or the stored file at once; a 503 waits a second), and `nearSets` print sets of `near`
 * at once, again and again, their bodies read and dropped. On 'stop' the tabs' requests are cut, the near sets'
 * round finishes, and the counts are answered.
 */
const ATTACKER = `
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const drain = async (response) => { if (response.body) for await (const chunk of response.body) void chunk; };
let stop = false;
const cut = new AbortController();
process.once('message', ({ base, headers, identifier, near, tabs, nearSets }) => {
  const figures = { sets: 0, near: { done: 0, refused: {} }, errors: [] };
  const post = (body, signal) => fetch(base + '/api/orders/pdf', {
    method: 'POST', signal, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const printSet = async () => {
    for (;;) {
      const response = await post({ file: 'print', identifier }, cut.signal);
      if (response.status === 200) return drain(response);
      if (response.status === 503) { await drain(response); await sleep(1000); continue; }
      const text = await response.text();
      if (response.status !== 202) throw new Error('print: ' + response.status + ' ' + text.slice(0, 200));
      let { job } = JSON.parse(text);
      while (job.status === 'queued' || job.status === 'running') {
        await sleep(500);
        const polled = await fetch(base + '/api/document-jobs/' + job.id, { headers, signal: cut.signal });
        ({ job } = await polled.json());
      }
      if (job.status === 'failed') throw new Error('print job failed: ' + (job.message || ''));
      const file = await fetch(base + '/api/document-jobs/' + job.id + '/file', { headers, signal: cut.signal });
      await drain(file);
      if (file.status !== 200) throw new Error('job file: ' + file.status);
      return;
    }
  };
  const tab = async () => {
    while (!stop) {
      try { await printSet(); figures.sets += 1; }
      catch (error) { if (!stop) figures.errors.push(String(error).slice(0, 120)); await sleep(1000); }
    }
  };
  const nearLoop = async () => {
    while (!stop) {
      const statuses = await Promise.all(Array.from({ length: nearSets }, async () => {
        const response = await post({ file: 'print', identifier: near }).catch(() => undefined);
        if (response) await drain(response).catch(() => undefined);
        return response ? response.status : 0;
      }));
      for (const status of statuses) {
        if (status === 200) figures.near.done += 1;
        else figures.near.refused[status] = (figures.near.refused[status] || 0) + 1;
      }
      if (statuses.every((status) => status !== 200)) await sleep(500);
    }
  };
  const all = Promise.all([nearLoop(), ...Array.from({ length: tabs }, tab)]);
  process.once('message', async () => {
    stop = true;
    cut.abort();
    await all;
    process.send(figures);
  });
});
`;

/** One mode: A's loop (in its own process), B's figures over the window, then A's loop drained. */
async function measure(
  base: string,
  a: { user: BenchClient; identifier: string; near: string },
  b: { user: BenchClient; identifier: string; calculations: WizardCalculations },
): Promise<Figures> {
  // A's five tabs and its twelve near-threshold sets at once, again and again, while B works.
  const attacker = startOwnProcess<AttackerFigures>(ATTACKER, {
    base,
    headers: a.user.headers(),
    identifier: a.identifier,
    near: a.near,
    tabs: A_TABS,
    nearSets: A_NEAR_SETS,
  });
  // The peak from here on: the server with its worker threads and B's clients (A's process is not counted).
  resetPeakRss();
  const startRss = process.memoryUsage().rss / 1024 / 1024;
  await sleep(3_000); // A's first sets are under way
  const calculateBody = JSON.stringify({
    calculations: b.calculations,
    companyInfo: WORKED_EXAMPLE_COMPANY_INFO,
  });
  const figures: Figures = {
    aSets: 0,
    aNear: { done: 0, refused: {} },
    calculate: [],
    orders: [],
    health: [],
    bPrints: [],
    bTitles: { done: 0, refused: {} },
    peakRss: 0,
    startRss,
    load: loadavg()[0] ?? 0,
    failed: [],
  };
  const probe = startLatencyProbe(`${base}/api/health`);
  const end = performance.now() + WINDOW_MS;
  /** B's request that got no answer (the connection failed): noted, and B goes on. */
  const noAnswer = (what: string) => (error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    figures.failed.push(`${what}: ${String(error).slice(0, 80)} ${cause}`.trim());
    return undefined;
  };
  const bTitles = (async () => {
    while (performance.now() < end) {
      const response = await fetch(`${base}/api/orders/pdf`, {
        method: 'POST',
        headers: { ...b.user.headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ file: 'title', identifier: b.identifier }),
      }).catch(noAnswer('title'));
      await response?.arrayBuffer();
      if (response?.status === 200) figures.bTitles.done += 1;
      else if (response)
        figures.bTitles.refused[response.status] =
          (figures.bTitles.refused[response.status] ?? 0) + 1;
      await sleep(1_000);
    }
  })();
  const bRequests = (async () => {
    while (performance.now() < end) {
      let started = performance.now();
      const calculated = await fetch(`${base}/api/calculations/calculate-online`, {
        method: 'POST',
        headers: { ...b.user.headers(), 'content-type': 'application/json' },
        body: calculateBody,
      }).catch(noAnswer('calculate-online'));
      await calculated?.arrayBuffer();
      if (calculated && calculated.status !== 200)
        figures.failed.push(`calculate-online ${calculated.status}`);
      if (calculated) figures.calculate.push(performance.now() - started);
      started = performance.now();
      const orders = await fetch(`${base}/api/orders`, { headers: b.user.headers() }).catch(
        noAnswer('orders'),
      );
      await orders?.arrayBuffer();
      if (orders && orders.status !== 200) figures.failed.push(`orders ${orders.status}`);
      if (orders) figures.orders.push(performance.now() - started);
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
    await Promise.all([bRequests, bPrints, bTitles]);
  } catch (error) {
    figures.failed.push(String(error).slice(0, 120));
  } finally {
    figures.health = await probe.stop();
    const answered = await attacker.stop();
    figures.aSets = answered.sets;
    figures.aNear = answered.near;
    figures.failed.push(...answered.errors.slice(0, 3).map((error) => `A: ${error}`));
  }
  figures.peakRss = peakRssMb();
  figures.load = Math.max(figures.load, loadavg()[0] ?? 0);
  return figures;
}

/** Company B's figures beside A's loop, without and with the limits, same data, same run. */
export async function benchDocumentFairness(report: string[]) {
  report.push(
    `document-fairness: company A asks for the print set of a ${SERVICES} services × (${MATERIAL_LINES} material + ${STAFF_LINES} staff lines) order from ${A_TABS} tabs in a loop; company B over ${fmt(WINDOW_MS / 1000)} s: calculate-online (${B_SERVICES} services) and GET /api/orders one after another, and its own ${B_SERVICES}-service print set (${os.availableParallelism()} cores, shared with other work)`,
  );
  let orders:
    | {
        a: Awaited<ReturnType<typeof calculatedOrder>> & { near: string };
        b: Awaited<ReturnType<typeof calculatedOrder>>;
      }
    | undefined;
  const modes: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [
    [
      'without the limits (every document rendered while its request waits)',
      { DOCUMENT_JOB_LINES: '1000000000' },
    ],
    ['with the limits (large documents as jobs, one per company, in turn)', LIMITS],
  ];
  // BENCH_FAIRNESS_MODES=limits runs the second only.
  await eachBenchApp(
    report,
    'medcalc-bench-fairness-',
    process.env.BENCH_FAIRNESS_MODES === 'limits' ? modes.slice(1) : modes,
    async (base, config, label, env) => {
      const admin = { email: config.adminEmail, password: config.adminPassword };
      if (!orders) {
        const started = performance.now();
        const a = await calculatedOrder(base, admin, SERVICES, (calculations) =>
          filledTo(calculations, STAFF_LINES, MATERIAL_LINES),
        );
        // A's second order, of the same account: its print set is just under the job threshold.
        const near = await calculatedOrder(
          base,
          admin,
          A_NEAR_SERVICES,
          (calculations) => filledTo(calculations, STAFF_LINES, MATERIAL_LINES),
          a.user,
        );
        const b = await calculatedOrder(base, admin, B_SERVICES, (calculations) => calculations);
        orders = { a: { ...a, near: near.identifier }, b };
        report.push(
          `  A's order: ${fmt(a.bytes / 1024 / 1024)} MiB saved, set up in ${fmt((performance.now() - started) / 1000)} s`,
        );
      } else {
        // The companies' sessions belong to the first app's database rows, which this app reads too.
      }
      if (env === LIMITS) {
        // A's set made once before the window (a minute of pdfmake): in the window each of A's tabs is answered
        // from its stored file (issue 34), the heaviest download A may ask for.
        const started = performance.now();
        await printSet(orders.a.user, base, orders.a.identifier);
        report.push(
          `  A's set made as a job and stored in ${fmt((performance.now() - started) / 1000)} s`,
        );
      }
      const figures = await measure(base, orders.a, orders.b);
      const refused = (counts: Record<number, number>) =>
        Object.entries(counts)
          .map(([status, count]) => `${count} × ${status}`)
          .join(', ') || 'none';
      return {
        line:
          `  ${label}:\n` +
          `    B calculate-online ${latencyText(figures.calculate)}; ` +
          `GET /api/orders ${latencyText(figures.orders)}; ` +
          `GET /api/health ${latencyText(figures.health, true)}\n` +
          `    B's ${B_SERVICES}-service print set ${figures.bPrints
            .map((ms) => (Number.isFinite(ms) ? fmt(ms / 1000) : `> ${B_PRINT_LIMIT_MS / 1000}`))
            .join(
              ' / ',
            )} s; B's title page ${figures.bTitles.done} answered, refused: ${refused(figures.bTitles.refused)}\n` +
          `    A's sets finished ${figures.aSets}; A's near-threshold sets answered ${figures.aNear.done}, refused: ${refused(figures.aNear.refused)}; ` +
          `peak memory of the server's process ${fmt(figures.peakRss)} MiB (${fmt(figures.startRss)} MiB as A began); load average ${fmt(figures.load)}`,
        failed: figures.failed,
      };
    },
  );
}
