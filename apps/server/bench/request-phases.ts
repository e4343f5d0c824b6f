import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where one request's time goes on the server (issue 21, calculate-online): Fastify hooks on the requests whose
 * URL ends with `suffix` record, per request, reading and parsing the body (`onRequest` → `preValidation`, the
 * guard included), the body check (→ `preHandler`), the handler (→ `onSend`), and writing the answer
 * (→ `onResponse`), ms. Added before the app listens.
 */
export function recordPhases(app: FastifyInstance, suffix: string) {
  const PHASES = ['read + parse', 'check', 'handler', 'send'] as const;
  const marks = new WeakMap<FastifyRequest, number[]>();
  const done: Array<Record<(typeof PHASES)[number], number>> = [];
  const mark = (request: FastifyRequest) => {
    if (!request.url.endsWith(suffix)) return;
    const list = marks.get(request) ?? [];
    list.push(performance.now());
    marks.set(request, list);
  };
  app.addHook('onRequest', async (request) => mark(request));
  app.addHook('preValidation', async (request) => mark(request));
  app.addHook('preHandler', async (request) => mark(request));
  app.addHook('onSend', async (request) => mark(request));
  app.addHook('onResponse', async (request) => {
    mark(request);
    const list = marks.get(request);
    if (list?.length !== 5) return;
    const [a = 0, b = 0, c = 0, d = 0, e = 0] = list;
    done.push({ 'read + parse': b - a, check: c - b, handler: d - c, send: e - d });
  });
  return {
    /** The phases' p50 over the requests since the last call, then forgets them. */
    take(): string {
      const taken = done.splice(0);
      return PHASES.map((phase) => {
        const sorted = taken.map((entry) => entry[phase]).sort((x, y) => x - y);
        const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
        return `${phase} ${p50.toFixed(1)}`;
      }).join(', ');
    },
  };
}

/** A client in a thread of its own: POSTs `body` `times` times one after another, answers each latency, ms. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { url, headers, body, times } = workerData;
  const latencies = [];
  for (let i = 0; i < times + 1; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body });
    await response.text();
    if (response.status !== 200) throw new Error('answered ' + response.status);
    if (i > 0) latencies.push(performance.now() - started);
  }
  parentPort.postMessage(latencies);
})();
`;

/**
 * Latencies of `times` POSTs of `body` to `url` from another thread (after one untimed request), so the client's
 * own work (encoding the body, decoding the answer) is not done on the server's event loop, as with a browser.
 */
export async function postFromOwnThread(
  url: string,
  headers: Record<string, string>,
  body: string,
  times: number,
): Promise<number[]> {
  const worker = new Worker(CLIENT, { eval: true, workerData: { url, headers, body, times } });
  try {
    return await new Promise<number[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * The client of `postFromOwnProcess`: one untimed POST, then `ready`, then `times` POSTs, then their latencies and
 * its own CPU time per request. It encodes the body to UTF-8 once and sends those bytes each time (a browser's
 * encoding is its own work, not the server's), and reads the answer's bytes. It speaks `node:http` over one kept-alive
 * connection, as a browser does, not `fetch`: undici's fetch spent 42–45 ms of this process's CPU per request of
 * 3.1 MiB against 13–14 ms for `node:http` (issue 21, fifth step), and on 2 cores that CPU is taken from the server.
 */
const PROCESS_CLIENT = `
const http = require('node:http');
process.once('message', async ({ url, headers, body: text, times }) => {
  const body = Buffer.from(text, 'utf8');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = () => new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } }, (response) => {
      const parts = [];
      response.on('data', (part) => parts.push(part));
      response.on('end', () => {
        Buffer.concat(parts);
        if (response.statusCode !== 200) reject(new Error('answered ' + response.statusCode));
        else resolve();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
  const latencies = [];
  let cpu;
  for (let i = 0; i < times + 1; i += 1) {
    if (i === 1) {
      await new Promise((resolve) => { process.once('message', resolve); process.send('ready'); });
      cpu = process.cpuUsage();
    }
    const started = performance.now();
    await post();
    if (i > 0) latencies.push(performance.now() - started);
  }
  const spent = process.cpuUsage(cpu);
  process.send({ latencies, clientCpu: (spent.user + spent.system) / 1000 / times }, () => process.exit(0));
});
`;

/**
 * Latencies of `times` POSTs of `body` to `url` from a client in another process, and this process's CPU time
 * (user + system, all its threads: the server, its garbage collector, the embedded database) per request while
 * they ran, ms, beside the client's own. CPU time is far less sensitive than latency to other work on the machine.
 */
export async function postFromOwnProcess(
  url: string,
  headers: Record<string, string>,
  body: string,
  times: number,
): Promise<{ latencies: number[]; cpuPerRequest: number; clientCpuPerRequest: number }> {
  const child = spawn(process.execPath, ['-e', PROCESS_CLIENT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    return await new Promise((resolve, reject) => {
      let before = process.cpuUsage();
      child.on('message', (message: unknown) => {
        if (message === 'ready') {
          before = process.cpuUsage();
          child.send('go');
          return;
        }
        const spent = process.cpuUsage(before);
        const { latencies, clientCpu } = message as { latencies: number[]; clientCpu: number };
        resolve({
          latencies,
          cpuPerRequest: (spent.user + spent.system) / 1000 / times,
          clientCpuPerRequest: clientCpu,
        });
      });
      child.once('error', reject);
      child.once('exit', (code) => {
        if (code !== 0) reject(new Error(`the client process ended with ${code}`));
      });
      child.send({ url, headers, body, times });
    });
  } finally {
    child.kill();
  }
}
