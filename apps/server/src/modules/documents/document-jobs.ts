import type { Readable } from 'node:stream';
import {
  DOCUMENT_JOBS_QUEUE_FULL_MESSAGE,
  DOCUMENT_JOB_FAILED_MESSAGE,
  DOCUMENT_JOB_NOT_FOUND_MESSAGE,
  DOCUMENT_JOB_NOT_READY_MESSAGE,
  DOCUMENT_JOB_PROGRESS_UNITS,
  DOCUMENT_JOB_STATUSES,
  DOCUMENT_JOB_UNREADABLE_MESSAGE,
  storedDocumentRequestSchema,
  type DocumentJob,
  type DocumentJobProgressUnit,
  type StoredDocumentRequest,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { createJobQueue } from '../../lib/job-queue';
import { newToken } from '../../lib/random';
import type { DocumentJobRow, DocumentJobsRepository } from './document-jobs.repository';
import { renderTurn } from './document-pool';
import type { JobFileStore } from './job-files';
import type { RenderProgress } from './render-progress';

/*
 * Large documents as jobs (issue 24 §1). A job is a row of `document_jobs` (the database, so every instance sees
 * it); each instance runs a scheduler that claims the next job when it has a free slot, renders it through the
 * document pool with the worker's progress written to the row, and stores the file there for a day.
 *
 * Fairness: an owner (a company, or the administrator) has one running job at most, on all instances together; the
 * same request of the same owner joins the job that is queued or running; and the next job is the one of the owner
 * served longest ago (repository `claimNext`), so the companies share the pool in turn, not first come first served.
 * The scheduler runs fewer jobs than the pool has workers (`slots`), so a worker stays free for the small documents
 * that are still rendered while their request waits.
 *
 * Files (issue 34): a finished job's file goes to the file store (job-files.ts: chunks on PostgreSQL, a file under
 * DATA_DIR on PGlite), never into one database value, and is sent as a stream. The same document asked again while
 * its file is kept (the same `contentKey`: request, order version, revision, status, names) is answered from that
 * file. An owner keeps at most `keepFiles` finished files (its oldest go first) and has at most `queueLimit` jobs
 * waiting or running (the next call answers 429).
 */

/** Who a job belongs to and whose turn it takes: a company's members together, or one administrator. */
export type JobOwner = { companyId: number } | { adminUserId: number };

export const ownerKey = (owner: JobOwner) =>
  'companyId' in owner ? `company:${owner.companyId}` : `admin:${owner.adminUserId}`;

/** A rendered file of a job. */
export interface JobFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A job's rendered file with what it was made from (document-requests.ts `contentKey`). */
export interface KeyedJobFile extends JobFile {
  contentKey: string;
}

/** A stored file as a download sends it: a stream of its bytes and their number. */
export interface StoredJobFile {
  fileName: string;
  contentType: string;
  size: number;
  companyId: number | null;
  /** What the job was asked for; undefined when the row's request does not parse (logged). */
  request: StoredDocumentRequest | undefined;
  open(): Readable;
}

/** Renders what a job's row asks for (the same document call, run later). */
export type JobRunner = (
  request: StoredDocumentRequest,
  report: (progress: RenderProgress) => void,
) => Promise<KeyedJobFile>;

export interface DocumentJobsOptions {
  repository: DocumentJobsRepository;
  /** Where finished files are kept (job-files.ts). */
  files: JobFileStore;
  run: JobRunner;
  /** Finished files an owner keeps; beyond them its oldest are deleted (DOCUMENT_JOB_FILES). */
  keepFiles: number;
  /** Jobs an owner may have waiting or running; the next is refused with 429 (DOCUMENT_JOB_QUEUE). */
  queueLimit: number;
  /** Jobs this instance renders at once. */
  slots: number;
  /** How often the scheduler looks for jobs (other instances' too), purges, and finds silent jobs, ms. */
  pollMs?: number;
  log: { error(object: unknown, message: string): void };
}

/** A running job writes its progress at most this often (and so its heartbeat). */
const PROGRESS_WRITE_MS = 1_000;
/** A running job that has written nothing for this long belongs to an instance that stopped. */
const SILENT_SECONDS = 120;
const HEARTBEAT_MS = 10_000;
const PURGE_MS = 10 * 60_000;

const isUnit = (value: string): value is DocumentJobProgressUnit =>
  (DOCUMENT_JOB_PROGRESS_UNITS as readonly string[]).includes(value);
const isStatus = (value: string): value is DocumentJob['status'] =>
  (DOCUMENT_JOB_STATUSES as readonly string[]).includes(value);

/** A job's row as its owner sees it (domain `documentJobSchema`). */
export function jobView(row: DocumentJobRow): DocumentJob {
  const status = isStatus(row.status) ? row.status : 'failed';
  const { progressDone: done, progressTotal: total } = row;
  const running = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
  return {
    id: row.id,
    status,
    progress: {
      unit: isUnit(row.progressUnit) ? row.progressUnit : 'pages',
      done,
      total,
      percent: status === 'done' ? 100 : status === 'running' ? running : 0,
    },
    fileName: status === 'done' ? row.fileName : null,
    message: status === 'failed' ? (row.error ?? DOCUMENT_JOB_FAILED_MESSAGE) : null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The message a failed job keeps: the refusal's own Ukrainian words (the order changed meanwhile), else generic. */
const failureMessage = (error: unknown) =>
  error instanceof AppError && error.statusCode < 500 ? error.message : DOCUMENT_JOB_FAILED_MESSAGE;

export function createDocumentJobs(options: DocumentJobsOptions) {
  const { repository, files, run, slots, log } = options;
  const running = new Map<string, { progress: RenderProgress | undefined }>();
  let lastPurge = 0;

  /** Deletes the expired jobs and their files. */
  async function purge(): Promise<void> {
    await files.remove(await repository.purgeExpired());
  }

  /**
   * A job's stored request, parsed with the domain's schema when read: a row that does not parse (changed by hand,
   * or by another release) is logged and answers undefined, never a crash.
   */
  function readRequest(jobId: string, stored: unknown): StoredDocumentRequest | undefined {
    const parsed = storedDocumentRequestSchema.safeParse(stored);
    if (parsed.success) return parsed.data;
    log.error({ job: jobId, issues: parsed.error.issues }, 'document job request does not parse');
    return undefined;
  }

  /**
   * A finished job's row as its download, the file opened from the store when it is sent; undefined while the row
   * names no whole file (its name, type and size).
   */
  const storedFile = (row: {
    id: string;
    fileName: string | null;
    contentType: string | null;
    fileSize: number | null;
    companyId: number | null;
    request: unknown;
  }): StoredJobFile | undefined =>
    row.fileName && row.contentType && row.fileSize !== null
      ? {
          fileName: row.fileName,
          contentType: row.contentType,
          size: row.fileSize,
          companyId: row.companyId,
          request: readRequest(row.id, row.request),
          open: () => files.open(row.id),
        }
      : undefined;

  /** Renders one claimed job to its end, writing its progress; never throws. */
  async function execute(job: DocumentJobRow): Promise<void> {
    const request = readRequest(job.id, job.request);
    if (!request) {
      // The job cannot be made: it fails with a message that says so, and the owner's turn goes on.
      await repository.fail(job.id, DOCUMENT_JOB_UNREADABLE_MESSAGE).catch(() => undefined);
      return;
    }
    const state: { progress: RenderProgress | undefined; written: number } = {
      progress: undefined,
      written: 0,
    };
    running.set(job.id, state);
    const write = async () => {
      const progress = state.progress;
      state.written = Date.now();
      if (progress) await repository.progress(job.id, progress.unit, progress.done, progress.total);
      else await repository.progress(job.id, 'services', 0, 0);
    };
    const heartbeat = setInterval(() => void write().catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      // Rendered in the job lane of the pool (issue 34): it waits for a worker in its turn, never refused.
      const file = await renderTurn.run({ owner: job.owner, lane: 'job' }, () =>
        run(request, (progress) => {
          state.progress = progress;
          if (Date.now() - state.written >= PROGRESS_WRITE_MS) void write().catch(() => undefined);
        }),
      );
      if (!queue.isClosed()) {
        await files.save(job.id, file.bytes);
        await repository.finish(job.id, {
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.bytes.byteLength,
          contentKey: file.contentKey,
        });
        await files.remove(await repository.pruneFinished(job.owner, options.keepFiles));
      }
    } catch (error) {
      if (!(error instanceof AppError))
        log.error({ err: error, job: job.id }, 'document job failed');
      if (!queue.isClosed())
        await repository.fail(job.id, failureMessage(error)).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      running.delete(job.id);
    }
  }

  /** One pass: claims jobs while this instance has a free slot; a job's end kicks the next pass. */
  async function claimJobs(closed: () => boolean): Promise<void> {
    if (Date.now() - lastPurge > PURGE_MS) {
      lastPurge = Date.now();
      await repository.failSilent(SILENT_SECONDS, DOCUMENT_JOB_FAILED_MESSAGE);
      await purge();
    }
    while (!closed() && running.size < slots) {
      const job = await repository.claimNext();
      if (!job) break;
      void execute(job).then(() => void queue.kick());
    }
  }

  // One pass at a time (a call meanwhile runs another pass), and every `pollMs` for other instances' jobs.
  const queue = createJobQueue({
    pass: claimJobs,
    onError: (error) => log.error({ err: error }, 'document job scheduler failed'),
  });
  queue.poll(options.pollMs ?? 2_000);

  return {
    /**
     * The job of `owner` for `requestKey`: the queued or running one (joined), or a new one in the queue, which
     * the scheduler starts in its owner's turn. Expired jobs are purged first (their day has passed). An owner with
     * `queueLimit` jobs waiting or running gets 429 (issue 34).
     */
    async submit(
      owner: JobOwner,
      requestKey: string,
      request: StoredDocumentRequest,
      companyId: number | null,
    ): Promise<DocumentJob> {
      await purge();
      if ((await repository.countActive(ownerKey(owner))) >= options.queueLimit) {
        throw new AppError('TOO_MANY_REQUESTS', DOCUMENT_JOBS_QUEUE_FULL_MESSAGE, {
          retryAfter: 60,
        });
      }
      const row = await repository.insertOrJoin({
        id: newToken(),
        owner: ownerKey(owner),
        companyId,
        requestKey,
        request,
      });
      void queue.kick();
      return jobView(row);
    },

    /** The queued or running job of `owner` for `requestKey`, to join without reading the order again. */
    async findActive(owner: JobOwner, requestKey: string): Promise<DocumentJob | undefined> {
      const row = await repository.findActive(ownerKey(owner), requestKey);
      return row && jobView(row);
    },

    /** The kept file of `owner` made from `contentKey` (issue 34): the same document asked again is sent from it. */
    async fresh(owner: JobOwner, contentKey: string): Promise<StoredJobFile | undefined> {
      const row = await repository.findFresh(ownerKey(owner), contentKey);
      return row && storedFile(row);
    },

    /** `GET /api/document-jobs/:jobId`: a job of one of the caller's `owners`; any other (or expired) is 404. */
    async status(owners: JobOwner[], id: string): Promise<DocumentJob> {
      const row = await repository.find(owners.map(ownerKey), id);
      if (!row) throw new AppError('NOT_FOUND', DOCUMENT_JOB_NOT_FOUND_MESSAGE);
      return jobView(row);
    },

    /** `GET /api/document-jobs/:jobId/file`: the owner's finished file; 404 as above, 409 while not ready. */
    async file(owners: JobOwner[], id: string): Promise<StoredJobFile> {
      const row = await repository.findFile(owners.map(ownerKey), id);
      if (!row) throw new AppError('NOT_FOUND', DOCUMENT_JOB_NOT_FOUND_MESSAGE);
      if (row.status === 'failed') throw new AppError('NOT_FOUND', DOCUMENT_JOB_NOT_FOUND_MESSAGE);
      const stored = row.status === 'done' ? storedFile(row) : undefined;
      if (!stored) throw new AppError('CONFLICT', DOCUMENT_JOB_NOT_READY_MESSAGE);
      return stored;
    },

    /** Runs the scheduler's pass now (tests; the timer does it every `pollMs`). */
    pump: queue.kick,

    /** Stops the scheduler; the jobs it was rendering go back to the queue for another instance (or the restart). */
    async close(): Promise<void> {
      await queue.close();
      await repository.requeue([...running.keys()]).catch(() => undefined);
    },
  };
}

export type DocumentJobs = ReturnType<typeof createDocumentJobs>;
