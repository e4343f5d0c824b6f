import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TemplateListEntry } from '@medcalc/domain';
import { multipartUpload } from '../test/import-fixtures';
import { eachBenchApp, fmt, latencyText, peakRssMb, resetPeakRss } from './config';
import { startOwnProcess } from './own-process';
import { fetchClient, registerCompanyUser, type BenchClient } from './http-client';
import { templateOrderEntries } from './cost-workload';
import { UPLOAD_CASES } from './import-memory';

/*
 * `npm run bench -- upload-fairness` (issue 34): company A uploads, from three tabs in a loop, the heaviest files
 * the import allows and the malicious ones of the issue (bench/import-memory.ts `UPLOAD_CASES`: a CSV and an
 * XLSX at the limits, 1 and 5 MB of «a» lines, an XLSX of a million one-cell rows) to the staffing table's
 * preview, while company B reads its orders list (`GET /api/orders`, 20 orders) and a guest `GET /api/health`, each
 * in a loop of its own: their p50/p99, A's answers by status, and the server's peak resident memory (the bench
 * client runs in the same process). Twice in the same run: the files read on the event loop (IMPORT_THREADS=0,
 * though already as a stream stopped at the limits) and by the import pool (the default).
 */

const A_TABS = 3;
const WINDOW_MS = Number(process.env.BENCH_UPLOAD_WINDOW_MS ?? 20_000);
const B_ORDERS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  orders: number[];
  health: number[];
  statuses: Map<string, number>;
  uploads: number;
  peakRssMb: number;
  startRssMb: number;
  load: number;
  failed: string[];
}

async function measure(
  base: string,
  a: { user: BenchClient; company: string },
  b: BenchClient,
  files: { fileName: string; bytes: Buffer }[],
): Promise<Figures> {
  const figures: Figures = {
    orders: [],
    health: [],
    statuses: new Map(),
    uploads: 0,
    peakRssMb: 0,
    startRssMb: process.memoryUsage().rss / 1024 / 1024,
    load: loadavg()[0] ?? 0,
    failed: [],
  };
  const folder = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-upload-files-'));
  const uploads = files.map((file) => {
    const { payload, headers } = multipartUpload(file.bytes, file.fileName);
    const bodyPath = path.join(folder, file.fileName);
    writeFileSync(bodyPath, payload);
    return { label: file.fileName, path: bodyPath, contentType: headers['content-type'] };
  });
  // A's tabs run in a process of their own: sending 5 MB bodies in a loop is the client's work, not the server's.
  const attacker = startOwnProcess<Record<string, number>>(ATTACKER, {
    url: `${base}/api/company/${a.company}/imports/staff/preview`,
    headers: a.user.headers(),
    uploads,
    tabs: A_TABS,
  });
  resetPeakRss();
  figures.startRssMb = process.memoryUsage().rss / 1024 / 1024;
  await sleep(1_000);
  const end = performance.now() + WINDOW_MS;
  const timed = async (url: string, into: number[], headers: Record<string, string>) => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) figures.failed.push(`${url} ${response.status}`);
      into.push(performance.now() - started);
      await sleep(20);
    }
  };
  try {
    await Promise.all([
      timed('/api/orders', figures.orders, b.headers()),
      timed('/api/health', figures.health, {}),
    ]);
  } finally {
    for (const [key, count] of Object.entries(await attacker.stop())) {
      figures.statuses.set(key, count);
      figures.uploads += count;
    }
    rmSync(folder, { recursive: true, force: true });
  }
  figures.load = Math.max(figures.load, loadavg()[0] ?? 0);
  figures.peakRssMb = peakRssMb();
  return figures;
}

/**
 * Company A's tabs (CommonJS run by `node -e`): each sends the uploads one after another with `node:http` (the
 * multipart bodies read from files, sent as they are) and counts the answers by file and status; a refused tab
 * (429) sends the next at once, as an attacker would. On 'stop' it answers the counts.
 */
const ATTACKER = `
const http = require('node:http');
const { readFileSync } = require('node:fs');
let stop = false;
const counts = {};
process.once('message', ({ url, headers, uploads, tabs }) => {
  const bodies = uploads.map((upload) => ({ ...upload, body: readFileSync(upload.path) }));
  const send = (upload) => new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': upload.contentType, 'content-length': upload.body.length } }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
      response.on('error', () => resolve('connection closed'));
    });
    request.on('error', () => resolve('connection closed'));
    request.end(upload.body);
  });
  const tab = async (first) => {
    for (let round = first; !stop; round += 1) {
      const upload = bodies[round % bodies.length];
      const status = await send(upload);
      const key = upload.label + ' ' + status;
      counts[key] = (counts[key] || 0) + 1;
    }
  };
  const all = Promise.all(Array.from({ length: tabs }, (_, index) => tab(index)));
  process.once('message', async () => {
    stop = true;
    await all;
    process.send(counts);
  });
});
`;

/** Company B's figures beside A's uploads, the files read on the event loop and by the pool, same run. */
export async function benchUploadFairness(report: string[]) {
  const files = UPLOAD_CASES.map((upload) => ({
    fileName: upload.fileName,
    bytes: upload.bytes(),
  }));
  report.push(
    `upload-fairness: company A uploads ${files.map((file) => `${file.fileName} (${fmt(file.bytes.length / 1024 / 1024)} MB)`).join(', ')} to the staffing table's preview from ${A_TABS} tabs in a loop; over ${fmt(WINDOW_MS / 1000)} s company B's GET /api/orders (${B_ORDERS} orders) and a guest's GET /api/health, each in a loop (${os.availableParallelism()} cores, shared with other work)`,
  );
  let companies: { a: { user: BenchClient; company: string }; b: BenchClient } | undefined;
  await eachBenchApp(
    report,
    'medcalc-bench-uploads-',
    [
      [
        'files read on the event loop (IMPORT_THREADS=0)',
        { DEMO_ACCOUNT: 'false', IMPORT_THREADS: '0' },
      ],
      ['files read by the import pool (default: one thread)', { DEMO_ACCOUNT: 'false' }],
    ],
    async (base, _config, label) => {
      if (!companies) {
        const aUser = await registerCompanyUser(await fetchClient(base), 'uploads-a');
        const aMe = await aUser.json<{ companyIdentifier: string }>('GET', '/api/user');
        const b = await registerCompanyUser(await fetchClient(base), 'uploads-b');
        const bMe = await b.json<{ companyIdentifier: string }>('GET', '/api/user');
        const templates = templateOrderEntries(
          await b.json<TemplateListEntry[]>('GET', '/api/get-templates-list'),
        );
        for (let index = 0; index < B_ORDERS; index += 1)
          await b.json('POST', `/api/company/${bMe.companyIdentifier}/orders/add`, {
            name: `Замовлення ${index + 1}`,
            calculations: templates.slice(0, 3),
          });
        companies = { a: { user: aUser, company: aMe.companyIdentifier }, b };
      }
      const figures = await measure(base, companies.a, companies.b, files);
      const statuses = [...figures.statuses]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ');
      return {
        line:
          `  ${label}:\n` +
          `    B GET /api/orders ${latencyText(figures.orders, true)}; ` +
          `GET /api/health ${latencyText(figures.health, true)}\n` +
          `    A's uploads answered ${figures.uploads} (${statuses}); peak RSS of the process (server, its workers and the bench client) ${fmt(figures.peakRssMb)} MB (${fmt(figures.startRssMb)} MB as A began); load average ${fmt(figures.load)}`,
        failed: figures.failed,
      };
    },
  );
}
