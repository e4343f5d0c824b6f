import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DOCUMENTS_BUSY_MESSAGE } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { renderJob, type RenderJob } from './render-job';
import type { ProgressReport, RenderProgress } from './render-progress';

/*
 * Documents off the event loop (issue 21): pdfmake's layout of a print set takes seconds of CPU, and exceljs's
 * workbook about a second; on the server's own thread every other request would wait for it. The request builds
 * the document's data and layout (render-job.ts `RenderJob`, plain data), and a pool of worker threads (piscina)
 * turns it into bytes. A bounded number of documents may wait for a worker; beyond it the request is refused with
 * 503 and Retry-After at once, never piled up.
 */

/** Set by build.mjs in the compiled server (esbuild `define`): the worker is dist/render-worker.js there. */
declare const MEDCALC_COMPILED: boolean | undefined;

/** Seconds a refused client is asked to wait (Retry-After), as the message says: «Спробуйте за хвилину». */
export const DOCUMENTS_BUSY_RETRY_AFTER = 60;

/** Turns document layouts and workbook data into bytes. */
export interface DocumentRenderer {
  /** `report` hears the rendering's progress (issue 24: a document job's bar), posted by the worker. */
  render(job: RenderJob, report?: ProgressReport): Promise<Buffer>;
  /** Ends the worker threads (the app's `onClose`); a closed renderer renders nothing more. */
  close(): Promise<void>;
}

export interface DocumentPoolOptions {
  /** Worker threads; 0 renders in the calling thread (the behaviour before issue 21, kept for the bench). */
  threads: number;
  /** Documents that may wait for a free worker beyond those being rendered; more are refused with 503. */
  queueLimit: number;
}

/**
 * The worker's file: the compiled server's dist/render-worker.js beside dist/main.js, or, from the TypeScript
 * source (tsx, vitest), render-worker.mjs, which loads render-worker.ts through tsx. build.mjs rewrites
 * `import.meta.url` to this source file's own URL in the bundle, so both are found from here.
 */
function workerFile(): string {
  const compiled = typeof MEDCALC_COMPILED !== 'undefined' && MEDCALC_COMPILED;
  return compiled
    ? new URL('../../../dist/render-worker.js', import.meta.url).href
    : new URL('./render-worker.mjs', import.meta.url).href;
}

/** One task of a worker: the job, and the port its progress is posted on when someone listens. */
export interface WorkerTask {
  job: RenderJob;
  progress?: MessagePort;
}

/** Renders in the calling thread: the event loop waits while a document is laid out. */
function inProcessRenderer(): DocumentRenderer {
  return { render: (job, report) => renderJob(job, report), close: async () => undefined };
}

/**
 * The document renderer of one app: a piscina pool of `threads` workers (started on the first document, kept
 * while there are documents to render) with at most `queueLimit` documents waiting, or the calling thread when
 * `threads` is 0.
 */
export function createDocumentRenderer(options: DocumentPoolOptions): DocumentRenderer {
  if (options.threads === 0) return inProcessRenderer();
  const pool = new Piscina<WorkerTask, Uint8Array>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: options.threads,
    // A worker stays for a while after its last document: the next one does not pay its start again.
    idleTimeout: 5 * 60_000,
  });
  /** Documents handed to the pool and not yet answered: being rendered, or waiting for a worker. */
  let pending = 0;
  let closed = false;
  return {
    async render(job, report) {
      if (closed || pending >= options.threads + options.queueLimit) {
        throw new AppError('SERVICE_UNAVAILABLE', DOCUMENTS_BUSY_MESSAGE, {
          retryAfter: DOCUMENTS_BUSY_RETRY_AFTER,
        });
      }
      pending += 1;
      // The worker posts its progress on a port of its own (moved to it with the task).
      const channel = report ? new MessageChannel() : undefined;
      channel?.port1.on('message', (progress: RenderProgress) => report?.(progress));
      try {
        // The worker's Buffer arrives as a Uint8Array (structured clone); the reply wants a Buffer.
        const bytes = channel
          ? await pool.run({ job, progress: channel.port2 }, { transferList: [channel.port2] })
          : await pool.run({ job });
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } finally {
        channel?.port1.close();
        pending -= 1;
      }
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}
