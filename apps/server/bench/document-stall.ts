import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { calculatedOrder } from './document-fairness';
import { benchConfig, fmt, listenForBench, percentile } from './config';
import { fetchClient } from './http-client';
import { startLatencyProbe } from './latency-probe';

/*
 * `npm run bench -- document-stall` (issue 21): how long another client's `GET /api/health` waits while the print
 * set of a 120-service order is generated, with the documents rendered on the event loop (DOCUMENT_THREADS=0, as
 * before issue 21) and by the pool of worker threads (the default), in the same run on the same data. The other
 * client polls from a worker thread of its own, so its clock does not stop with the server's event loop.
 */

const SERVICES = 120;
const ROUNDS = 3;

interface StallRound {
  printMs: number;
  pages: number;
  probes: number;
  p50: number;
  max: number;
}

/** One round: the print set generated while the other client polls /api/health. */
async function stallRound(base: string, print: () => Promise<Response>): Promise<StallRound> {
  const probe = startLatencyProbe(`${base}/api/health`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const response = await print();
  const pdf = Buffer.from(await response.arrayBuffer());
  const printMs = performance.now() - started;
  if (!response.ok) throw new Error(`print: ${response.status} ${pdf.toString('utf8', 0, 200)}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const times = await probe.stop();
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
    // Issue 34: the set made as a job (DOCUMENT_JOB_LINES=1) and its stored file downloaded.
    const config = benchConfig(dataDir, { DOCUMENT_JOB_LINES: '1' });
    const app = await buildApp(config);
    try {
      const base = await listenForBench(app);
      const administrator = await fetchClient(base);
      await administrator.json('POST', '/login', {
        email: config.adminEmail,
        password: config.adminPassword,
      });
      report.push(
        `  ${'stored as a job'.padEnd(40)} ${await storedDownloads(base, administrator, order?.identifier ?? '')}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 34: the print set made as a job (its file stored: chunks on PostgreSQL, a file on PGlite), then asked for
 * five times at once, each answered from the stored file as a stream, while the other client polls /api/health.
 * Before issue 34 the file was one `bytea` value read whole: each download held the server about 1.4 s.
 */
async function storedDownloads(
  base: string,
  administrator: Awaited<ReturnType<typeof fetchClient>>,
  identifier: string,
): Promise<string> {
  const ask = () =>
    fetch(`${base}/api/administrator/orders/pdf`, {
      method: 'POST',
      headers: { ...administrator.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'print', identifier }),
    });
  // A job only when the order is past DOCUMENT_JOB_LINES; below it the set is rendered while its request waits.
  let first = await ask();
  await first.arrayBuffer();
  for (let tries = 0; first.status === 202 && tries < 600; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    first = await ask();
    await first.arrayBuffer();
  }
  const probe = startLatencyProbe(`${base}/api/health`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const sizes = await Promise.all(
    Array.from({ length: 5 }, async () => (await (await ask()).arrayBuffer()).byteLength),
  );
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 100));
  const times = await probe.stop();
  return `five downloads of the stored set at once (${fmt((sizes[0] ?? 0) / 1024 / 1024)} MiB each) ${fmt(ms)} ms; health p50 ${fmt(percentile(times, 50))} ms, p99 ${fmt(percentile(times, 99))} ms, max ${fmt(Math.max(...times))} ms (${times.length} probes)`;
}
