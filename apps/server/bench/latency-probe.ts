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
 * Polls `url` from a worker thread of its own (its clock does not stop with the server's event loop) until the
 * answer's `stop()`, which resolves to every latency, ms. Used by the document-stall and document-fairness benches.
 */
export function startLatencyProbe(url: string): { stop(): Promise<number[]> } {
  const probe = new Worker(PROBE, { eval: true, workerData: { url } });
  const latencies = new Promise<number[]>((resolve) => probe.once('message', resolve));
  return {
    async stop() {
      probe.postMessage('stop');
      const times = await latencies;
      await probe.terminate();
      return times;
    },
  };
}
