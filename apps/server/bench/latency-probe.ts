import { Worker } from 'node:worker_threads';

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

/**
 * Runs `source` (a CommonJS script) in a worker thread of its own (its clock does not stop with the server's event
 * loop) with `workerData`, until the answer's `stop()`: that sends the worker a message and resolves to the one
 * message the worker posts back. The latency probe here and the backup bench's open-loop load run this way.
 */
export function startWorkerUntilStopped<T>(
  source: string,
  workerData: unknown,
): { stop(): Promise<T> } {
  const worker = new Worker(source, { eval: true, workerData });
  const answer = new Promise<T>((resolve) => worker.once('message', resolve));
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await answer;
      await worker.terminate();
      return result;
    },
  };
}

/**
 * Polls `url` from a worker thread until the answer's `stop()`, which resolves to every latency, ms. Used by the
 * document-stall and document-fairness benches.
 */
export function startLatencyProbe(url: string): { stop(): Promise<number[]> } {
  return startWorkerUntilStopped<number[]>(PROBE, { url });
}
