import { and, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { StoredDocumentRequest } from '@medcalc/domain';
import type { Database } from '../../db/client';
import { documentJobs } from '../../db/schema';
import { UniqueViolationError, translateDbErrors } from '../../lib/db-errors';

/** A job's row without its file (the status call never reads the megabytes). */
const jobColumns = {
  id: documentJobs.id,
  owner: documentJobs.owner,
  companyId: documentJobs.companyId,
  request: documentJobs.request,
  status: documentJobs.status,
  progressUnit: documentJobs.progressUnit,
  progressDone: documentJobs.progressDone,
  progressTotal: documentJobs.progressTotal,
  fileName: documentJobs.fileName,
  error: documentJobs.error,
  expiresAt: documentJobs.expiresAt,
};

export type DocumentJobRow = {
  id: string;
  owner: string;
  companyId: number | null;
  /** As stored: parsed with the domain's schema before it is used (document-jobs.ts `readRequest`). */
  request: unknown;
  status: string;
  progressUnit: string;
  progressDone: number;
  progressTotal: number;
  fileName: string | null;
  error: string | null;
  expiresAt: Date;
};

/** What a download reads of a finished job's row. */
const fileColumns = {
  id: documentJobs.id,
  status: documentJobs.status,
  fileName: documentJobs.fileName,
  contentType: documentJobs.contentType,
  fileSize: documentJobs.fileSize,
  companyId: documentJobs.companyId,
  request: documentJobs.request,
};

const ACTIVE = ['queued', 'running'];
/** How long a job and its file are kept, as SQL (the database's clock, the same for every instance). */
const KEEP = sql`now() + interval '1 day'`;

/**
 * The document jobs' table (issue 24 §1, db/schema/document-jobs.ts). Every instance reads and writes the same
 * rows; the database's clock decides what has expired, and its partial unique indexes decide which job joins
 * which and that an owner has one running job at most.
 */
export function createDocumentJobsRepository(db: Database) {
  const notExpired = gt(documentJobs.expiresAt, sql`now()`);

  /**
   * One job (its `columns`) that has not expired and holds every one of `where` (which name a job, or the one
   * active job of a request); undefined when there is none.
   */
  async function firstLive<Columns extends SelectedFields>(columns: Columns, where: SQL[]) {
    const rows = await db
      .select(columns)
      .from(documentJobs)
      .where(and(...where, notExpired))
      .limit(1);
    return (rows as Array<SelectResultFields<Columns>>)[0];
  }

  const findActive = (owner: string, requestKey: string): Promise<DocumentJobRow | undefined> =>
    firstLive(jobColumns, [
      eq(documentJobs.owner, owner),
      eq(documentJobs.requestKey, requestKey),
      inArray(documentJobs.status, ACTIVE),
    ]);

  return {
    findActive,

    /**
     * A new queued job, or the active job of the same owner and request when one was made meanwhile (the partial
     * unique index: two requests at once make one job).
     */
    async insertOrJoin(row: {
      id: string;
      owner: string;
      companyId: number | null;
      requestKey: string;
      request: StoredDocumentRequest;
    }): Promise<DocumentJobRow> {
      const [inserted] = await db
        .insert(documentJobs)
        .values({ ...row, status: 'queued', expiresAt: KEEP })
        .onConflictDoNothing()
        .returning(jobColumns);
      const job = inserted ?? (await findActive(row.owner, row.requestKey));
      if (!job) throw new Error('a document job was neither inserted nor found');
      return job;
    },

    /** Job `id` of one of `owners`, unless it has expired (another owner's job is not found either). */
    find: (owners: string[], id: string): Promise<DocumentJobRow | undefined> =>
      firstLive(jobColumns, [eq(documentJobs.id, id), inArray(documentJobs.owner, owners)]),

    /** What the download of job `id` of one of `owners` needs (the file itself is in the file store). */
    findFile: (owners: string[], id: string) =>
      firstLive(fileColumns, [eq(documentJobs.id, id), inArray(documentJobs.owner, owners)]),

    /** The newest finished job of `owner` made from `contentKey` whose file is still kept (issue 34). */
    async findFresh(owner: string, contentKey: string) {
      const [row] = await db
        .select(fileColumns)
        .from(documentJobs)
        .where(
          and(
            eq(documentJobs.owner, owner),
            eq(documentJobs.contentKey, contentKey),
            eq(documentJobs.status, 'done'),
            notExpired,
          ),
        )
        .orderBy(desc(documentJobs.finishedAt))
        .limit(1);
      return row;
    },

    /** How many jobs of `owner` wait or run (issue 34: a company's queue is bounded). */
    async countActive(owner: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(documentJobs)
        .where(
          and(eq(documentJobs.owner, owner), inArray(documentJobs.status, ACTIVE), notExpired),
        );
      return row?.count ?? 0;
    },

    /**
     * Deletes the finished jobs of `owner` beyond its newest `keep` (issue 34: a company keeps a bounded number of
     * files, the oldest go first); answers their ids, whose files the file store forgets.
     */
    async pruneFinished(owner: string, keep: number): Promise<string[]> {
      const rows = await db
        .delete(documentJobs)
        .where(
          and(
            eq(documentJobs.owner, owner),
            eq(documentJobs.status, 'done'),
            sql`${documentJobs.id} not in (
              select k.id from document_jobs k where k.owner = ${owner} and k.status = 'done'
              order by k.finished_at desc, k.id desc limit ${keep})`,
          ),
        )
        .returning({ id: documentJobs.id });
      return rows.map((row) => row.id);
    },

    /**
     * Takes the next job to run, or none: a queued job of an owner with no running job, the owner whose last job
     * started longest ago (or never) first, then the oldest job of that owner. So the owners take the pool in
     * turn, whatever order their jobs came in. A job another instance claimed meanwhile is skipped (SKIP LOCKED);
     * two instances claiming two jobs of one owner at once: the second breaks the running-owner index and takes
     * none this time.
     */
    async claimNext(): Promise<DocumentJobRow | undefined> {
      try {
        return await translateDbErrors(async () => {
          const [row] = await db
            .update(documentJobs)
            .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
            .where(
              sql`${documentJobs.id} = (
                select q.id from document_jobs q
                where q.status = 'queued' and q.expires_at > now()
                  and not exists (select 1 from document_jobs r where r.owner = q.owner and r.status = 'running')
                order by (select max(s.started_at) from document_jobs s where s.owner = q.owner) asc nulls first,
                  q.created_at asc, q.id asc
                limit 1
                for update skip locked)`,
            )
            .returning(jobColumns);
          return row;
        });
      } catch (error) {
        if (error instanceof UniqueViolationError) return undefined;
        throw error;
      }
    },

    /** How far a running job has come; also its heartbeat. */
    async progress(id: string, unit: string, done: number, total: number): Promise<void> {
      await db
        .update(documentJobs)
        .set({
          progressUnit: unit,
          progressDone: done,
          progressTotal: total,
          heartbeatAt: sql`now()`,
        })
        .where(and(eq(documentJobs.id, id), eq(documentJobs.status, 'running')));
    },

    /** The job's file is stored (the file store): the job is done, kept a day from now. */
    async finish(
      id: string,
      file: { fileName: string; contentType: string; size: number; contentKey: string },
    ): Promise<void> {
      await db
        .update(documentJobs)
        .set({
          status: 'done',
          fileName: file.fileName,
          contentType: file.contentType,
          fileSize: file.size,
          contentKey: file.contentKey,
          finishedAt: sql`now()`,
          expiresAt: KEEP,
        })
        .where(eq(documentJobs.id, id));
    },

    /** The job failed with `message`; its failure is shown for a day. */
    async fail(id: string, message: string): Promise<void> {
      await db
        .update(documentJobs)
        .set({ status: 'failed', error: message, finishedAt: sql`now()`, expiresAt: KEEP })
        .where(eq(documentJobs.id, id));
    },

    /** Jobs this instance was running when it stopped go back to the queue (another instance takes them). */
    async requeue(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(documentJobs)
        .set({ status: 'queued', startedAt: null, heartbeatAt: null })
        .where(and(inArray(documentJobs.id, ids), eq(documentJobs.status, 'running')));
    },

    /** Running jobs silent for `seconds` (their instance died): failed, so their owner's turn goes on. */
    async failSilent(seconds: number, message: string): Promise<void> {
      await db
        .update(documentJobs)
        .set({ status: 'failed', error: message, finishedAt: sql`now()`, expiresAt: KEEP })
        .where(
          and(
            eq(documentJobs.status, 'running'),
            lt(documentJobs.heartbeatAt, sql`now() - make_interval(secs => ${seconds}::int)`),
          ),
        );
    },

    /** Deletes the jobs whose day has passed; answers their ids, whose files the file store forgets. */
    async purgeExpired(): Promise<string[]> {
      const rows = await db
        .delete(documentJobs)
        .where(lt(documentJobs.expiresAt, sql`now()`))
        .returning({ id: documentJobs.id });
      return rows.map((row) => row.id);
    },
  };
}

export type DocumentJobsRepository = ReturnType<typeof createDocumentJobsRepository>;
