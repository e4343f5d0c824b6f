import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/app';
import { calculatedOrder } from './document-fairness';
import { benchConfig, fmt, listenForBench, percentile } from './config';
import { fetchClient } from './http-client';

/*
 * `npm run bench -- document-stall` (issue 21): how long another client's `GET /api/health` waits while the print
 * set of a 120-service order is generated, with the documents rendered on the event loop (DOCUMENT_THREADS=0, as
 * before issue 21) and by the pool of worker threads (the default), in the same run on the same data. The other
 * client polls from a worker thread of its own, so its clock does not stop with the server's event loop.
 */

const SERVICES = 120;
const ROUNDS = 3;

/** The other client: `GET url` one after another (5 ms apart) until told to stop; answers each latency, ms. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.text();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  parentPort.postMessage(latencies);
})();
`;

interface StallRound {
  printMs: number;
  pages: number;
  probes: number;
  p50: number;
  max: number;
}

/** One round: the print set generated while the other client polls /api/health. */
async function stallRound(base: string, print: () => Promise<Response>): Promise<StallRound> {
  const probe = new Worker(PROBE, { eval: true, workerData: { url: `${base}/api/health` } });
  const latencies = new Promise<number[]>((resolve) => probe.once('message', resolve));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const response = await print();
  const pdf = Buffer.from(await response.arrayBuffer());
  const printMs = performance.now() - started;
  if (!response.ok) throw new Error(`print: ${response.status} ${pdf.toString('utf8', 0, 200)}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  probe.postMessage('stop');
  const times = await latencies;
  await probe.terminate();
  return {
    printMs,
    pages: (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length,
    probes: times.length,
    p50: percentile(times, 50),
    max: Math.max(...times),
  };
}

/** The stall beside the pool, same data, same run; pushes its lines onto `report`. */
export async function benchDocumentStall(report: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medcalc-bench-stall-'));
  let order: { identifier: string } | undefined;
  report.push(
    `document-stall: GET /api/health from another client while the print set of ${SERVICES} services is generated (${ROUNDS} rounds each)`,
  );
  try {
    for (const [label, threads] of [
      ['on the event loop (DOCUMENT_THREADS=0)', '0'],
      ['in the pool (default threads)', undefined],
    ] as const) {
      const config = benchConfig(
        dataDir,
        threads === undefined ? {} : { DOCUMENT_THREADS: threads },
      );
      const app = await buildApp(config);
      try {
        const base = await listenForBench(app);
        const admin = { email: config.adminEmail, password: config.adminPassword };
        order ??= await calculatedOrder(base, admin, SERVICES, (calculations) => calculations);
        // The order lives in the database: the second app (same folder) serves it too.
        const { identifier } = order;
        const administrator = await fetchClient(base);
        await administrator.json('POST', '/login', admin);
        // The print set's bytes are read by the round itself, so this goes through fetch directly.
        const print = () =>
          fetch(`${base}/api/administrator/orders/pdf`, {
            method: 'POST',
            headers: { ...administrator.headers(), 'content-type': 'application/json' },
            body: JSON.stringify({ file: 'print', identifier }),
          });
        await print(); // untimed: the first document starts a worker (or warms pdfmake in this thread)
        const rounds: StallRound[] = [];
        for (let round = 0; round < ROUNDS; round += 1) rounds.push(await stallRound(base, print));
        const [first] = rounds;
        report.push(
          `  ${label.padEnd(40)} print ${fmt(
            percentile(
              rounds.map((r) => r.printMs),
              50,
            ),
          )} ms (${first?.pages ?? 0} pages); ` +
            `health p50 ${fmt(
              percentile(
                rounds.map((r) => r.p50),
                50,
              ),
            )} ms, max per round ${rounds.map((r) => fmt(r.max)).join(' / ')} ms (${rounds.map((r) => r.probes).join(' / ')} probes)`,
        );
      } finally {
        await app.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
