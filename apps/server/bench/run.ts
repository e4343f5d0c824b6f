import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { z } from 'zod';
import {
  ORDER_DOCUMENT_FILES,
  calculateOnlineInputSchema,
  computeOrderCosts,
  profitabilityResultSchema,
  referenceServiceCost,
  computeServicePrice,
  type CalculationContent,
  type TemplateListEntry,
} from '@medcalc/domain';
import { buildApp } from '../src/app';
import { buildServiceCostingData } from '../src/modules/documents/build-service-costing-data';
import { DOCUMENT_LAYOUTS, printSetLayout } from '../src/modules/documents/layouts/order-documents';
import { serviceCostingLayout } from '../src/modules/documents/layouts/service-costing';
import { readCalculateOnlineInput } from '../src/modules/calculations/calculate-online-input';
import { calculateOnlineAnswerBytes } from '../src/modules/calculations/calculate-online-answer';
import { jsonTextParser, readJsonBytes } from '../src/lib/json-body';
import { buildWorkbookData } from '../src/modules/documents/build-workbook-data';
import { renderWorkbook } from '../src/modules/documents/render-workbook';
import { documentDefinition } from '../src/modules/documents/layouts/pdf-layout';
import { renderPdf } from '../src/modules/documents/render-pdf';
import { largeOrderSource } from '../test/document-fixtures';
import { benchDocumentStall } from './document-stall';
import { benchDocumentFairness } from './document-fairness';
import { postFromOwnProcess, postFromOwnThread, recordPhases } from './request-phases';
import { calculateOnlineOnOwnServer } from './own-server';
import { benchConfig } from './config';
import { benchImports } from './imports';
import { benchImportMemory } from './import-memory';
import { benchUploadFairness } from './upload-fairness';
import { fetchClient, registerCompanyUser } from './http-client';
import { benchOrdersList } from './orders-list';
import { benchBackup } from './backup';
import { benchPublicPriceList } from './public-price-list';
import { benchComparison } from './comparison';
import { WEB_SECTIONS, benchWebSections, type WebSection } from './web';
import {
  WORKED_EXAMPLE_INFO,
  asWizardCalculations,
  benchServices,
  templateOrderEntries,
} from './cost-workload';

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
 * - engine: `computeOrderCosts` for 1,000 services of 10 staff and 20 material lines, beside the decimal.js
 *   reference on the same services in the same run (and a check that both answer the same)
 * - calculate-online: `POST /api/calculations/calculate-online` for 100 and 1,000 services, signed in as a
 *   newly registered company user
 * - documents: each of the five PDFs of a 200-service order of 20 materials each (data + layout + pdfmake), beside
 *   an all but empty document with the same font and frame in the same run; the калькуляція of one service, and
 *   the print set (the five and the 200 калькуляції in one PDF), and the XLSX workbook of the same order
 * - orders: the signed-in `GET /api/orders` of a company with 50 orders beside a bare route running the same SQL
 *   through the raw driver and a constant-JSON route, 50 connections from a worker thread, on PGlite and, with
 *   TEST_DATABASE_URL, on PostgreSQL (bench/orders-list.ts)
 * - document-stall: another client's `GET /api/health` while the print set of a 120-service order is generated,
 *   rendered on the event loop and by the document pool, same run (bench/document-stall.ts)
 * - imports: a 5,000-row materials .xlsx previewed and applied (added, then every price changed), beside exceljs
 *   alone reading the file and one bare INSERT of the same rows (bench/imports.ts)
 * - import-memory: each upload of issue 34 (the largest files the limits allow, the malicious ones) read in a
 *   fresh process: time, peak RSS and heap it added (bench/import-memory.ts)
 * - upload-fairness: another company's `GET /api/orders` and `GET /api/health` while one account uploads those
 *   files from three tabs, read on the event loop and by the import pool, with the peak RSS (bench/upload-fairness.ts)
 * - public: the public price list's page and JSON at an open rate from visitors in another process, while other
 *   institutions' signed-in users call GET /api/orders, beside the same bytes from a bare route
 *   (bench/public-price-list.ts)
 * - comparison: the tariff comparison page of one institution among 10,000 × 200 template services, beside a
 *   constant route (bench/comparison.ts)
 *
 * Arguments: a number is the load duration per throughput figure in ms (default 5000); section names run just
 * those sections (foundation, engine, calculate-online, documents, orders), e.g. `npm run bench -- engine` or
 * `npm run bench -- engine calculate-online` (or BENCH_ONLY=engine,calculate-online). Names, not `--only=…`:
 * the root script calls npm again, which would take an `--only` option as its own.
 */
const args = process.argv.slice(2);
const DURATION_MS = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5000);
const CONCURRENCY = 50;
// start, web, wizard: the compiled server and chromium (bench/web.ts).
const SECTIONS = [
  'foundation',
  'engine',
  'calculate-online',
  'documents',
  'document-stall',
  'document-fairness',
  'orders',
  'imports',
  'import-memory',
  'upload-fairness',
  'backup',
  'public',
  'comparison',
  ...WEB_SECTIONS,
] as const;
type Section = (typeof SECTIONS)[number];
const requested = [
  ...args.filter((arg) => !/^\d+$/.test(arg)),
  ...(process.env.BENCH_ONLY ?? '').split(',').filter((name) => name !== ''),
];
const unknownSections = requested.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknownSections.length > 0) {
  throw new Error(
    `unknown bench section(s) ${unknownSections.join(', ')}; known: ${SECTIONS.join(', ')}`,
  );
}
const runs = (section: Section) => requested.length === 0 || requested.includes(section);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-'));
const config = benchConfig(dataDir);

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
  return {
    rps: (done / DURATION_MS) * 1000,
    failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Lines printed at the end, section by section. */
const report: string[] = [];
const fmt = (n: number) => n.toFixed(1);

/** Durations in ms of `times` calls of `fn`, after `warmUp` untimed calls (the JIT's warm-up). */
function sample(fn: () => unknown, times: number, warmUp: number): number[] {
  for (let i = 0; i < warmUp; i += 1) fn();
  const durations: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    fn();
    durations.push(performance.now() - start);
  }
  return durations;
}

/** Requests timed from the client in another process, per case (after one untimed). */
const OWN_PROCESS_RUNS = 200;

const spread = (durations: number[]) =>
  `p50 ${fmt(percentile(durations, 50))} ms, p99 ${fmt(percentile(durations, 99))} ms, ` +
  `min ${fmt(Math.min(...durations))} ms (${durations.length} runs)`;

/**
 * Engine alone (issue 9: target < 25 ms): `computeOrderCosts` for 1,000 services of 10 staff and 20 material
 * lines with the worked example's institution, beside the decimal.js reference on the same services, and whether
 * both answer the same to the kopeck.
 */
function benchEngine() {
  engineCase(
    'engine: 1,000 services × (10 staff + 20 material lines), worked-example institution',
    benchServices(1000, 10, 20),
  );
  engineCase(
    'engine with equipment (issue 38): 1,000 services × (10 staff + 20 material + 3 equipment lines)',
    benchServices(1000, 10, 20, 42, 3),
  );
}

/** One engine case: the engine, its price rows and the reference on `contents`, and whether they agree. */
function engineCase(title: string, contents: CalculationContent[]) {
  const engine = () => computeOrderCosts(WORKED_EXAMPLE_INFO, contents);
  // The reference computes the калькуляція's rows; the price rows (VAT, rounding; issue 18) are the same domain
  // function on its «Тариф без ПДВ».
  const reference = () =>
    contents.map((content) => {
      const cost = referenceServiceCost(WORKED_EXAMPLE_INFO, content);
      return { ...cost, price: computeServicePrice(cost.summaryWithProfit, content.vat) };
    });
  const same = JSON.stringify(engine()) === JSON.stringify(reference());
  const tariffs = engine().map((cost) => cost.summaryWithProfit);
  const priceRows = () => tariffs.map((tariff) => computeServicePrice(tariff, 'vat20', '0.50'));
  const engineTimes = sample(engine, 200, 20);
  const priceTimes = sample(priceRows, 200, 20);
  const referenceTimes = sample(reference, 10, 2);
  report.push(title);
  report.push(`  computeOrderCosts (exact integers):  ${spread(engineTimes)}`);
  report.push(`  of which the price rows (VAT 20 %, 0.50): ${spread(priceTimes)}`);
  report.push(`  decimal.js reference, same services: ${spread(referenceTimes)}`);
  report.push(`  same kopecks in every row:           ${same ? 'yes' : 'NO'}`);
}

/** The young generation's size (V8's semi-space, `--max-semi-space-size`) and where it was set, for the printouts. */
function youngGeneration(): string {
  const flag = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].find((arg) =>
    arg.startsWith('--max-semi-space-size'),
  );
  return flag === undefined ? "V8's default semi-space (16 MiB on 64-bit)" : flag;
}

/**
 * `POST /api/calculations/calculate-online` through the app (fetch over a socket, as the browser does), signed in
 * as a newly registered company user: sequential requests, so a figure is one request's latency (reading the body,
 * its checks, the engine, writing the answer, the client's read of it). The client sends the body's UTF-8 bytes,
 * encoded once, and reads the answer's bytes: a browser encodes and decodes in its own process, not on the
 * server's thread (issue 21, fourth step; the earlier figures sent the text, encoded per request on this thread,
 * which is printed beside it). Beside it, the same requests from a client in another process (`node:http`) with the
 * server's CPU time per request, and — after every case's requests, so that their garbage is not in the server's
 * heap while requests are timed — the engine alone on the same services and the parts of the route measured apart.
 */
async function benchCalculateOnline(base: string, phases: ReturnType<typeof recordPhases>) {
  const client = await registerCompanyUser(await fetchClient(base), 'bench');
  const signedIn = { ...client.headers(), 'content-type': 'application/json' };
  const url = `${base}/api/calculations/calculate-online`;
  const post = async (body: string) => {
    const response = await fetch(url, { method: 'POST', headers: signedIn, body });
    return { status: response.status, text: await response.text() };
  };
  const postBytes = async (body: Uint8Array<ArrayBuffer>) => {
    const response = await fetch(url, { method: 'POST', headers: signedIn, body });
    return { status: response.status, bytes: await response.arrayBuffer() };
  };
  const loadAverage = () =>
    os
      .loadavg()
      .map((value) => fmt(value))
      .join(' / ');

  report.push(
    `calculate-online (sequential requests, company user, worked-example institution; Node ${process.version}, ` +
      `${os.cpus().length} cores, young generation: ${youngGeneration()}; load average ${loadAverage()} at the start)`,
  );
  // services, staff lines, material lines, timed requests (after WARM_UP untimed ones)
  const cases: Array<[services: number, staff: number, materials: number, times: number]> = [
    [100, 10, 20, 30],
    [1000, 2, 5, 20],
    [1000, 5, 10, 20],
    [1000, 10, 20, 40],
  ];
  const WARM_UP = 3;
  // Every case's requests first, then the parts measured apart for every case: those samples (zod's parse of a
  // 3 MiB body among them) leave the server's heap far larger than a server's own requests do, which made the later
  // cases' requests slower in the same run (issue 21, fifth step).
  const measured: Array<{ lines: string[]; apart: () => string }> = [];
  for (const [services, staff, materials, times] of cases) {
    const contents: CalculationContent[] = benchServices(services, staff, materials);
    const body = JSON.stringify({
      companyInfo: WORKED_EXAMPLE_INFO,
      calculations: asWizardCalculations(contents),
    });
    const bytes = Buffer.from(body, 'utf8');
    const wire = new Uint8Array(bytes);
    const label = `${services} services × (${staff} + ${materials} lines), ${fmt(bytes.length / 1024 / 1024)} MiB`;
    const first = await post(body);
    if (first.status !== 200) {
      report.push(`  ${label}: answered ${first.status} (${first.text.slice(0, 80)})`);
      continue;
    }
    // The answer is the engine's, service by service, and the same bytes whether the body went as text or bytes.
    const expected = computeOrderCosts(WORKED_EXAMPLE_INFO, contents);
    const answered = profitabilityResultSchema
      .parse(JSON.parse(first.text))
      .flatMap((group) => group.calculations);
    const byId = new Map(answered.map((service) => [service.id, service]));
    const same = expected.every(
      (cost, index) => byId.get(index + 1)?.summaryWithProfit === cost.summaryWithProfit,
    );
    const byBytes = await postBytes(wire);
    const sameBytes = Buffer.from(byBytes.bytes).equals(Buffer.from(first.text, 'utf8'));
    for (let i = 1; i < WARM_UP; i += 1) await postBytes(wire);
    phases.take();
    const loadBefore = loadAverage();
    const durations: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const [response, ms] = await timeIt(() => postBytes(wire));
      if (response.status !== 200) throw new Error(`calculate-online answered ${response.status}`);
      durations.push(ms);
    }
    const serverPhases = phases.take();
    // From a client in another process (as a browser is): its latencies, and this process's CPU time per request
    // (the server's work alone, far less sensitive than latency to other work on the machine).
    // 200 of them: the p99 of 40 is their slowest but one, and the first few after the switch of clients (the
    // in-thread requests' garbage still in the heap) set it alone (issue 39). The max is printed beside it.
    const ownProcess = await postFromOwnProcess(url, signedIn, body, OWN_PROCESS_RUNS);
    const processPhases = phases.take();
    const loadAfter = loadAverage();
    // As the earlier rounds measured it: the body sent as text (encoded to UTF-8 per request on this thread) and
    // the answer read as text (decoded here too).
    const textDurations: number[] = [];
    for (let i = 0; i < Math.min(times, 10); i += 1) {
      const [response, ms] = await timeIt(() => post(body));
      if (response.status !== 200) throw new Error(`calculate-online answered ${response.status}`);
      textDurations.push(ms);
    }
    phases.take();
    // The same requests from a client in its own thread (fetch), its encoding of the body and decoding of the
    // answer off the server's event loop.
    const ownThread = await postFromOwnThread(url, signedIn, body, Math.min(times, 10));
    phases.take();
    const lines = [
      `  ${label}: answer ${fmt(Buffer.byteLength(first.text) / 1024 / 1024)} MiB, same as the engine: ${same ? 'yes' : 'NO'}, same bytes for a body sent as text or bytes: ${sameBytes ? 'yes' : 'NO'}`,
      `    request (client on the server's thread, body sent as bytes, ${WARM_UP} warm-up requests; load average ${loadBefore} before): ${spread(durations)}`,
      `      on the server (p50, ms): ${serverPhases} (read + parse includes receiving the body; handler includes writing the answer's bytes)`,
      `    client in another process (node:http, one kept-alive connection): ${spread(ownProcess.latencies)}, max ${fmt(Math.max(...ownProcess.latencies))} ms; server CPU ${fmt(ownProcess.cpuPerRequest)} ms per request (this process, all threads; load average ${loadAfter} after), the client's own ${fmt(ownProcess.clientCpuPerRequest)} ms; phases ${processPhases}`,
      `    references: body sent as text on the server's thread ${spread(textDurations)}; client in its own thread (fetch, text) ${spread(ownThread)}`,
    ];
    const answer = JSON.parse(first.text) as unknown;
    const apart = () => {
      const engineTimes = sample(() => computeOrderCosts(WORKED_EXAMPLE_INFO, contents), 20, 5);
      const apartRuns = times < 5 ? 5 : Math.min(times, 10);
      // What the route no longer does since issue 21 (calculations.routes.ts): check its answer against the schema
      // before writing it (fastify-type-provider-zod's serializer), measured apart on the same answer.
      const recheckTimes = sample(() => z.encode(profitabilityResultSchema, answer as never), 5, 1);
      const inputTimes = sample(
        () => calculateOnlineInputSchema.parse(JSON.parse(body)),
        apartRuns,
        1,
      );
      // What the route does since issue 21's second step: the fast path (calculate-online-input.ts), and the
      // schema only when it refuses; and the body's parse alone.
      const fastTimes = sample(
        () => {
          if (readCalculateOnlineInput(JSON.parse(body)) === undefined)
            throw new Error('fast path refused');
        },
        apartRuns,
        1,
      );
      const parseTimes = sample(() => JSON.parse(body), apartRuns, 1);
      // Issue 21's third step, each beside what it replaced: the body read from its bytes (lib/json-body.ts) beside
      // the UTF-8 text through the app's parser (secure-json-parse and the depth check); the answer's bytes written
      // by calculate-online-answer.ts beside JSON.stringify and Node's UTF-8 encoding.
      const readText = jsonTextParser(Fastify());
      const textReadTimes = sample(
        () => readText({} as never, bytes.toString('utf8'), () => undefined),
        apartRuns,
        1,
      );
      const bytesReadTimes = sample(() => readJsonBytes(bytes), apartRuns, 1);
      const plainAnswerTimes = sample(
        () => Buffer.from(JSON.stringify(answer), 'utf8'),
        apartRuns,
        1,
      );
      const answerBytesTimes = sample(
        () => calculateOnlineAnswerBytes(answer as never),
        apartRuns,
        1,
      );
      return (
        `    apart (p50, after every case's requests): engine alone ${fmt(percentile(engineTimes, 50))} ms; body JSON.parse ${fmt(percentile(parseTimes, 50))} ms; ` +
        `read from the bytes (the route) ${fmt(percentile(bytesReadTimes, 50))} ms vs UTF-8 text + the app's parser ${fmt(percentile(textReadTimes, 50))} ms; ` +
        `JSON.parse + fast path (the route) ${fmt(percentile(fastTimes, 50))} ms vs JSON.parse + input schema ${fmt(percentile(inputTimes, 50))} ms; ` +
        `answer bytes writer (the route) ${fmt(percentile(answerBytesTimes, 50))} ms vs JSON.stringify + UTF-8 ${fmt(percentile(plainAnswerTimes, 50))} ms; ` +
        `the answer's schema check (dropped) ${fmt(percentile(recheckTimes, 50))} ms`
      );
    };
    measured.push({ lines, apart });
  }
  for (const { lines, apart } of measured) report.push(...lines, apart());
  // The server in a process of its own, as deployed (issue 39's target is read here): the 1,000-service cases.
  const ownServer = await calculateOnlineOnOwnServer(
    cases
      .filter(([services]) => services === 1000)
      .map(([services, staff, materials]) => [services, staff, materials] as const),
    OWN_PROCESS_RUNS,
  );
  report.push(
    `  the server in a process of its own (npm start's --max-semi-space-size=64, src/main.ts under tsx, an empty data folder), client in another process (node:http), ${OWN_PROCESS_RUNS} requests after 5:`,
    ...ownServer.map(
      (result) =>
        `    ${result.services} services × (${result.staff} + ${result.materials} lines): ${spread(result.latencies)}, max ${fmt(Math.max(...result.latencies))} ms; server process CPU ${fmt(result.serverCpuPerRequest)} ms per request`,
    ),
  );
}

/** Durations in ms of `times` runs of an async `fn`, after `warmUp` untimed runs. */
async function sampleAsync(fn: () => Promise<unknown>, times: number, warmUp: number) {
  for (let i = 0; i < warmUp; i += 1) await fn();
  const durations: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const [, ms] = await timeIt(fn);
    durations.push(ms);
  }
  return durations;
}

/**
 * The five documents of an order (issue 10: target < 2 s for the five, title page < 100 ms): each generated from
 * the order's data (builder, layout, pdfmake with the embedded DejaVu font, PDF bytes) for 200 services of 20
 * materials each over ten categories (test/document-fixtures.ts, the same order the render test uses). Beside
 * them, in the same run, an all but empty document (one line in the same frame and font): what any PDF costs.
 */
async function benchDocuments() {
  const source = largeOrderSource(200, 20);
  const heading = {
    institutionName: 'Заклад',
    institutionCode: '00000000',
    orderName: 'Замовлення',
    orderNumber: 'З-2027-0001',
    orderDate: '01.01.2027',
    notApprovedMark: null,
  };
  const empty = () =>
    renderPdf(documentDefinition(heading, 'Порожній документ', [{ text: 'Порожній документ' }]));
  report.push('documents: 200 services × 20 materials, 10 categories, worked-example institution');
  const emptyTimes = await sampleAsync(empty, 20, 3);
  report.push(`  reference, an all but empty document:  ${spread(emptyTimes)}`);
  let fiveP50 = 0;
  for (const file of ORDER_DOCUMENT_FILES) {
    const generate = () => renderPdf(DOCUMENT_LAYOUTS[file](source));
    const pdf = await generate();
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    const big = file === 'materials_spending' || file === 'order_list';
    const times = await sampleAsync(generate, big ? 5 : 15, 1);
    fiveP50 += percentile(times, 50);
    report.push(
      `  ${file.padEnd(20)} ${String(pages).padStart(3)} pages, ${fmt(pdf.length / 1024).padStart(7)} KiB: ${spread(times)}`,
    );
  }
  const allFive = await sampleAsync(
    async () => {
      for (const file of ORDER_DOCUMENT_FILES) await renderPdf(DOCUMENT_LAYOUTS[file](source));
    },
    3,
    0,
  );
  report.push(
    `  the five one after another:            ${spread(allFive)} (sum of p50s ${fmt(fiveP50)} ms)`,
  );
  // The калькуляція of one service (20 materials), and the whole print set: the five and all 200 калькуляції in
  // one PDF, one pdfmake pass (issue 10, the spec's 'print' operation).
  const firstService = source.services[0];
  if (!firstService) throw new Error('the bench order has no service');
  const costing = () =>
    renderPdf(serviceCostingLayout(buildServiceCostingData(source, firstService)));
  const costingPdf = await costing();
  const costingTimes = await sampleAsync(costing, 15, 2);
  report.push(
    `  ${'calculation (1)'.padEnd(20)} ${String(pageCount(costingPdf)).padStart(3)} pages, ${fmt(costingPdf.length / 1024).padStart(7)} KiB: ${spread(costingTimes)}`,
  );
  const printSet = async () => renderPdf(await printSetLayout(source));
  const printPdf = await printSet();
  const printTimes = await sampleAsync(printSet, 3, 0);
  report.push(
    `  ${'print (5 + 200)'.padEnd(20)} ${String(pageCount(printPdf)).padStart(3)} pages, ${fmt(printPdf.length / 1024).padStart(7)} KiB: ${spread(printTimes)}`,
  );
  // The XLSX workbook (issue 10 item 8): the прейскурант and the 200 калькуляції on 10 category sheets (exceljs).
  const workbook = () => renderWorkbook(buildWorkbookData(source));
  const xlsx = await workbook();
  const workbookTimes = await sampleAsync(workbook, 5, 1);
  report.push(
    `  ${'xlsx (1 + 10 sheets)'.padEnd(20)}       ${fmt(xlsx.length / 1024).padStart(7)} KiB: ${spread(workbookTimes)}`,
  );
}

/** Pages of a PDF: its `/Type /Page` objects. */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

try {
  if (runs('engine')) benchEngine();
  if (runs('documents')) await benchDocuments();
  if (runs('document-stall')) await benchDocumentStall(report);
  if (runs('document-fairness')) await benchDocumentFairness(report);
  if (runs('orders')) {
    report.push(
      ...(await benchOrdersList({ durationMs: DURATION_MS, connections: CONCURRENCY, rounds: 3 })),
    );
  }
  if (runs('imports')) report.push(...(await benchImports()));
  if (runs('import-memory')) report.push('import-memory:', ...(await benchImportMemory()));
  if (runs('upload-fairness')) await benchUploadFairness(report);
  if (runs('backup')) await benchBackup(report);
  if (runs('public')) await benchPublicPriceList(report);
  if (runs('comparison')) await benchComparison(report);
  if (runs('foundation') || runs('calculate-online')) {
    const [first, firstMs] = await timeIt(() => buildApp(config));
    await first.close();
    const [app, restartMs] = await timeIt(() => buildApp(config));
    const phases = recordPhases(app, '/api/calculations/calculate-online');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    if (runs('foundation')) {
      const loginTimes: number[] = [];
      let client = await fetchClient(base);
      for (let i = 0; i < 10; i += 1) {
        client = await fetchClient(base);
        const signingIn = client;
        const [response, ms] = await timeIt(() =>
          signingIn.send('POST', '/login', {
            email: config.adminEmail,
            password: config.adminPassword,
          }),
        );
        if (response.status !== 200) throw new Error(`login: ${response.status} ${response.text}`);
        loginTimes.push(ms);
      }

      const health = await load(`${base}/api/health`, {});
      const signedIn = { cookie: client.cookie() };
      const user = await load(`${base}/api/user`, signedIn);

      const send = (method: string, path: string, body: unknown) => client.send(method, path, body);
      const company = (await client.json<{ companyIdentifier: string }>('GET', '/api/user'))
        .companyIdentifier;
      for (let i = 0; i < 500; i += 1) {
        const response = await send('POST', `/api/company/${company}/pills`, {
          name: `Матеріал для вимірювання ${String(i).padStart(3, '0')}`,
          measurementType: 'шт',
          price: (i % 97) + 0.25,
        });
        if (response.status !== 200)
          throw new Error(`seeding materials failed: ${response.status} ${response.text}`);
      }
      const staff = await load(`${base}/api/get-stuff/${company}`, signedIn);
      const pillsPage = await load(
        `${base}/api/company/${company}/pills?page=3&perPage=25&search=${encodeURIComponent('ВИМІР')}`,
        signedIn,
      );
      const templatesList = await load(`${base}/api/get-templates-list`, signedIn);

      const calculations = templateOrderEntries(
        await client.json<TemplateListEntry[]>('GET', '/api/get-templates-list'),
      );
      const placeTimes: number[] = [];
      let identifier = '';
      for (let i = 0; i < 10; i += 1) {
        const [response, ms] = await timeIt(() =>
          send('POST', `/api/company/${company}/orders/add`, {
            name: `Замовлення ${i}`,
            calculations,
          }),
        );
        placeTimes.push(ms);
        if (response.status !== 200)
          throw new Error(`placing an order failed: ${response.status} ${response.text}`);
        identifier = (JSON.parse(response.text) as { identifier: string }).identifier;
      }
      await send('PATCH', '/api/administrator/orders/change-status', {
        identifier,
        status: 'paid',
      });
      const order = await load(`${base}/api/orders/${identifier}`, signedIn);

      report.push('medcalc bench (embedded PGlite, in-process load generator, 50 concurrent)');
      report.push(`first start (migrate + seed + admin): ${fmt(firstMs)} ms`);
      report.push(`restart on the same data:             ${fmt(restartMs)} ms`);
      report.push(
        `POST /login (argon2id):               p50 ${fmt(percentile(loginTimes, 50))} ms, max ${fmt(Math.max(...loginTimes))} ms`,
      );
      report.push(
        `GET /api/health:                      ${fmt(health.rps)} req/s, p50 ${fmt(health.p50)} ms, p99 ${fmt(health.p99)} ms, failed ${health.failed}`,
      );
      report.push(
        `GET /api/user (session lookup):       ${fmt(user.rps)} req/s, p50 ${fmt(user.p50)} ms, p99 ${fmt(user.p99)} ms, failed ${user.failed}`,
      );
      report.push(
        `GET /api/get-stuff (58 rows):          ${fmt(staff.rps)} req/s, p50 ${fmt(staff.p50)} ms, p99 ${fmt(staff.p99)} ms, failed ${staff.failed}`,
      );
      report.push(
        `GET own pills, page 3 of 500, search: ${fmt(pillsPage.rps)} req/s, p50 ${fmt(pillsPage.p50)} ms, p99 ${fmt(pillsPage.p99)} ms, failed ${pillsPage.failed}`,
      );
      report.push(
        `GET /api/get-templates-list:          ${fmt(templatesList.rps)} req/s, p50 ${fmt(templatesList.p50)} ms, p99 ${fmt(templatesList.p99)} ms, failed ${templatesList.failed}`,
      );
      report.push(
        `POST orders/add (${calculations.length} templates):        p50 ${fmt(percentile(placeTimes, 50))} ms, max ${fmt(Math.max(...placeTimes))} ms`,
      );
      report.push(
        `GET /api/orders/{identifier}:         ${fmt(order.rps)} req/s, p50 ${fmt(order.p50)} ms, p99 ${fmt(order.p99)} ms, failed ${order.failed}`,
      );
    }
    if (runs('calculate-online')) await benchCalculateOnline(base, phases);
    await app.close();
  }
  const webSections = WEB_SECTIONS.filter((section: WebSection) => runs(section));
  if (webSections.length > 0) await benchWebSections(report, webSections);
  console.log(report.join('\n'));
  console.log(
    `resident memory after run:            ${fmt(process.memoryUsage().rss / 1024 / 1024)} MiB`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
