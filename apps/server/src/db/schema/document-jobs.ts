import { sql } from 'drizzle-orm';
import type { StoredDocumentRequest } from '@medcalc/domain';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** PostgreSQL `bytea` as a Buffer (one chunk of a finished job's file). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Large documents made as jobs (issue 24 §1, modules/documents/document-jobs.ts). The job lives in the database, so
 * every instance behind a load balancer answers the status of a job another instance rendered. Its file (issue 34)
 * is not a column: on PostgreSQL it is rows of `document_job_chunks`, on embedded PGlite a file under DATA_DIR
 * (modules/documents/job-files.ts; docs/decisions.md "Stored document files").
 *
 * - `owner` is whose job it is and whose turn it takes: `company:<id>` for a company member's document (every
 *   member of the company sees it), `admin:<user id>` for the administrator's.
 * - `request_key` names the document asked for (kind, order, file, service, revision): the same request of the same
 *   owner joins the job that is queued or running instead of starting another (the partial unique index).
 * - At most one job of an owner runs at a time, on every instance together (the second partial unique index).
 */
export const documentJobs = pgTable(
  'document_jobs',
  {
    id: text().primaryKey(),
    owner: text().notNull(),
    /** The company whose order it is, for the activity log (null for the administrator's jobs). */
    companyId: integer(),
    requestKey: text().notNull(),
    /**
     * What to render: the document call's body, its kind (`pdf`/`xlsx`/`docx`) and who asked; parsed with the
     * domain's `storedDocumentRequestSchema` when read (document-jobs.ts).
     */
    request: jsonb().$type<StoredDocumentRequest>().notNull(),
    status: text().notNull().default('queued'),
    progressUnit: text().notNull().default('services'),
    progressDone: integer().notNull().default(0),
    progressTotal: integer().notNull().default(0),
    fileName: text(),
    contentType: text(),
    /** The stored file's size in bytes (its Content-Length), once done. */
    fileSize: integer(),
    /**
     * What the finished file was made from (issue 34): the request and the order's content version, revision,
     * status and names (document-requests.ts `contentKey`). The same key asked again while the file is kept is
     * answered from the file, not rendered again.
     */
    contentKey: text(),
    /** Why it failed, in Ukrainian. */
    error: text(),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Written every few seconds while it runs: a job whose instance stopped is found by its silence. */
    heartbeatAt: timestamp({ withTimezone: true, mode: 'date' }),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** After this the job is gone (404) and purged: a day after it was asked for, then after it was finished. */
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('document_jobs_active_request_unique')
      .on(t.owner, t.requestKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('document_jobs_running_owner_unique')
      .on(t.owner)
      .where(sql`${t.status} = 'running'`),
    index('document_jobs_status_created_idx').on(t.status, t.createdAt),
    index('document_jobs_expires_idx').on(t.expiresAt),
    index('document_jobs_owner_content_idx').on(t.owner, t.contentKey),
  ],
);

/**
 * A finished job's file in chunks of {@link JOB_FILE_CHUNK_BYTES} (issue 34), on PostgreSQL: written one chunk per
 * statement and read one chunk at a time into the download's stream, so no statement carries the whole file and no
 * instance holds it whole; any instance serves a file another one stored. Deleted with its job (cascade).
 */
export const documentJobChunks = pgTable(
  'document_job_chunks',
  {
    jobId: text()
      .notNull()
      .references(() => documentJobs.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
