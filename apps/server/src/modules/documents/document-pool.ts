import { AsyncLocalStorage } from 'node:async_hooks';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DOCUMENTS_BUSY_MESSAGE, DOCUMENTS_COMPANY_BUSY_MESSAGE } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { workerFile } from '../../lib/worker-file';
import { renderJob, type RenderJob } from './render-job';
import type { ProgressReport, RenderProgress } from './render-progress';

/*
 * Documents off the event loop (issue 21): pdfmake's layout of a print set takes seconds of CPU, and exceljs's
 * workbook about a second; on the server's own thread every other request would wait for it. The request builds
 * the document's data and layout (render-job.ts `RenderJob`, plain data), and a pool of worker threads (piscina)
 * turns it into bytes. A bounded number of documents may wait for a worker; beyond it the request is refused with
 * 503 and Retry-After at once, never piled up.
 *
 * Fair turns (issue 34): the pool's workers are handed out here, not by piscina's own queue. Every document is
 * rendered for an owner (a company, or an administrator: {@link renderTurn}); an owner's documents asked by a request
 * render at most `ownerRenders` at once, a waiting document of another owner goes first (round-robin over the
 * owners with documents waiting), and an owner may have at most `ownerQueue` documents waiting (the next answers 429
 * with its own message). The honest 503 is kept for the pool as a whole: `queueLimit` documents of all owners
 * waiting. A document job's rendering (lane `job`, document-jobs.ts: already one per owner and `slots` per instance)
 * is never refused: it waits for a worker in its turn.
 */

/** Seconds a refused client is asked to wait (Retry-After), as the message says: «Спробуйте за хвилину». */
export const DOCUMENTS_BUSY_RETRY_AFTER = 60;
/** Seconds a company whose own documents fill its share is asked to wait (its documents take seconds each). */
export const DOCUMENTS_COMPANY_BUSY_RETRY_AFTER = 10;

/** Whose document is being rendered, and whether a request waits for it or a job renders it. */
export interface RenderTurn {
  owner: string;
  lane: 'request' | 'job';
}

/**
 * The owner of the documents rendered within a call (documents.routes.ts, document-jobs.ts): the pool reads it, so
 * the documents service between them does not carry it. Outside any (tests, the bench) the documents share one
 * owner.
 */
export const renderTurn = new AsyncLocalStorage<RenderTurn>();

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
  /** An owner's documents rendered at once for requests (default half the threads, at least one). */
  ownerRenders?: number;
  /** An owner's documents that may wait; more are refused with 429 (default half the queue, at least one). */
  ownerQueue?: number;
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
    filename: workerFile('render-worker', import.meta.url, '../../../dist'),
    minThreads: 0,
    maxThreads: options.threads,
    // A worker stays for a while after its last document: the next one does not pay its start again.
    idleTimeout: 5 * 60_000,
  });
  const ownerRenders = options.ownerRenders ?? Math.max(1, Math.floor(options.threads / 2));
  const ownerQueue = options.ownerQueue ?? Math.max(1, Math.ceil(options.queueLimit / 2));
  /** Documents being rendered, in all and per owner (request lane only: a job's rendering is not limited). */
  let running = 0;
  const runningOf = new Map<string, number>();
  /** Documents waiting, per queue: an owner's requests, or `job:<owner>`. */
  const queues = new Map<string, Waiting[]>();
  /** Documents of requests waiting, all owners (what `queueLimit` bounds). */
  let waitingRequests = 0;
  let closed = false;
  /** When each queue last had a document started (a counter): the one served longest ago goes first. */
  const served = new Map<string, number>();
  let turns = 0;

  /**
   * Whose document, and which limits it meets: `owned` (a request of an owner: the owner's share, the owner's
   * queue, the pool's queue), `shared` (rendered outside any owner: the pool's queue only), `job` (none: it waits).
   */
  interface Seat {
    key: string;
    owner: string;
    kind: 'owned' | 'shared' | 'job';
  }
  interface Waiting {
    seat: Seat;
    start(): void;
    refuse(error: unknown): void;
  }

  const busy = () =>
    new AppError('SERVICE_UNAVAILABLE', DOCUMENTS_BUSY_MESSAGE, {
      retryAfter: DOCUMENTS_BUSY_RETRY_AFTER,
    });
  const canStart = (seat: Seat) =>
    running < options.threads &&
    (seat.kind !== 'owned' || (runningOf.get(seat.owner) ?? 0) < ownerRenders);
  const take = (seat: Seat) => {
    running += 1;
    turns += 1;
    served.set(seat.key, turns);
    if (seat.kind === 'owned') runningOf.set(seat.owner, (runningOf.get(seat.owner) ?? 0) + 1);
  };
  const release = (seat: Seat) => {
    running -= 1;
    if (seat.kind !== 'owned') return;
    const left = (runningOf.get(seat.owner) ?? 1) - 1;
    if (left > 0) runningOf.set(seat.owner, left);
    else runningOf.delete(seat.owner);
  };

  /**
   * Starts waiting documents while a worker is free: each time the head of the queue served longest ago (or never)
   * whose owner may run one more, so the owners take the workers in turn whatever order their documents came in.
   */
  function dispatch() {
    while (running < options.threads) {
      let next: [string, Waiting[]] | undefined;
      for (const entry of queues) {
        const head = entry[1][0];
        if (!head || !canStart(head.seat)) continue;
        if (!next || (served.get(entry[0]) ?? -1) < (served.get(next[0]) ?? -1)) next = entry;
      }
      if (!next) return;
      const [key, queue] = next;
      const head = queue.shift();
      if (!head) return;
      if (queue.length === 0) queues.delete(key);
      if (head.seat.kind !== 'job') waitingRequests -= 1;
      take(head.seat);
      head.start();
    }
  }

  /** Waits for a worker in the owner's turn, or refuses at once when the owner's or everyone's queue is full. */
  async function turn(seat: Seat): Promise<void> {
    if (closed) throw busy();
    const queue = queues.get(seat.key) ?? [];
    if (queue.length === 0 && canStart(seat)) {
      take(seat);
      return;
    }
    if (seat.kind !== 'job') {
      if (waitingRequests >= options.queueLimit) throw busy();
      if (seat.kind === 'owned' && queue.length >= ownerQueue) {
        throw new AppError('TOO_MANY_REQUESTS', DOCUMENTS_COMPANY_BUSY_MESSAGE, {
          retryAfter: DOCUMENTS_COMPANY_BUSY_RETRY_AFTER,
        });
      }
      waitingRequests += 1;
    }
    await new Promise<void>((start, refuse) => {
      queue.push({ seat, start, refuse });
      queues.set(seat.key, queue);
    });
  }

  /** The seat of a document rendered now: its owner's from {@link renderTurn}, else the shared one. */
  function seatOf(): Seat {
    const current = renderTurn.getStore();
    if (!current) return { key: '', owner: '', kind: 'shared' };
    return current.lane === 'job'
      ? { key: `job:${current.owner}`, owner: current.owner, kind: 'job' }
      : { key: current.owner, owner: current.owner, kind: 'owned' };
  }

  return {
    async render(job, report) {
      const seat = seatOf();
      await turn(seat);
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
        release(seat);
        dispatch();
      }
    },
    async close() {
      closed = true;
      for (const queue of queues.values()) for (const waiting of queue) waiting.refuse(busy());
      queues.clear();
      await pool.destroy();
    },
  };
}
