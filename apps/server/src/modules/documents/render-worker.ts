import { move } from 'piscina';
import type { WorkerTask } from './document-pool';
import { renderJob } from './render-job';

/*
 * A worker thread of the document pool (document-pool.ts, piscina): each task is one document's layout, an order
 * document's data, or workbook data, answered with its bytes. Importing render-job.ts loads pdfmake and the fonts
 * once per worker.
 */
export default async function renderInWorker({ job, progress }: WorkerTask) {
  // Progress is posted at most every 200 ms: a print set reports each service and page.
  let last = 0;
  const bytes = await renderJob(
    job,
    progress &&
      ((report) => {
        const now = Date.now();
        if (now - last < 200) return;
        last = now;
        progress.postMessage(report);
      }),
  );
  progress?.close();
  // The bytes are moved to the request's thread, not copied (a print set is megabytes). Only memory of their own
  // can be moved: a small Buffer is a slice of Node's shared pool, which moving would take from this thread.
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes
      : new Uint8Array(bytes);
  return move(own);
}
