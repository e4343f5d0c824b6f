import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DOCUMENT_JOBS_QUEUE_FULL_MESSAGE,
  DOCUMENT_JOB_NOT_FOUND_MESSAGE,
  DOCUMENT_JOB_UNREADABLE_MESSAGE,
  documentJobAnswerSchema,
  type DocumentJob,
} from '@medcalc/domain';
import type { Agent } from './helper';
import { useTwoCompanies } from './worked-orders';
import {
  DISK_READ_BYTES,
  JOB_FILE_CHUNK_BYTES,
  chunkJobFiles,
  diskJobFiles,
} from '../src/modules/documents/job-files';

/*
 * Large documents as jobs (issue 24 §1) over HTTP. DOCUMENT_JOB_LINES=10 makes a document of a few worked-example
 * services a "large" one; one worker and one job slot make the turns visible: one job runs at a time. Issue 34: a
 * company keeps three files and has three jobs waiting or running at most here.
 */

const suite = useTwoCompanies({
  env: {
    DOCUMENT_JOB_LINES: '10',
    DOCUMENT_THREADS: '1',
    DOCUMENT_JOB_SLOTS: '1',
    DOCUMENT_JOB_FILES: '3',
    DOCUMENT_JOB_QUEUE: '3',
  },
});

/** Asks for a document and reads the 202's job. */
async function jobOf(agent: Agent, url: string, body: unknown): Promise<DocumentJob> {
  const answer = await agent.post(url, body);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(202);
  return documentJobAnswerSchema.parse(answer.json()).job;
}

/** Follows a job until it is done or failed (or the test's time is up). */
async function settled(agent: Agent, id: string): Promise<DocumentJob> {
  for (;;) {
    const answer = await agent.get(`/api/document-jobs/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { job } = documentJobAnswerSchema.parse(answer.json());
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Alice's order of `services` services, asked for as a print job and followed until the job settled. */
async function settledPrintOf(services: number) {
  const { alice } = suite;
  const identifier = await suite.kit.documentOrderFor(alice, services);
  const job = await jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier });
  await settled(alice.agent, job.id);
  return { alice, identifier, job };
}

/** The jobs' owners, started and finished times, from the database. */
async function jobRows(ids: string[]) {
  const result = await suite.ctx.database.db.execute(sql`
    select id, owner, status, started_at as "startedAt", finished_at as "finishedAt"
    from document_jobs where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by started_at asc`);
  return result.rows as { id: string; owner: string; startedAt: Date; finishedAt: Date }[];
}

describe('document jobs (issue 24 §1)', () => {
  it('answers a large document with a job at once, joins the same request to it, queues another behind it, then serves the file; small documents answer as before', async () => {
    const { alice } = suite;
    const identifier = await suite.kit.documentOrderFor(alice, 6);
    const [first, again] = await Promise.all([
      jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier }),
      jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier }),
    ]);
    expect(again.id).toBe(first.id);
    const workbook = await jobOf(alice.agent, '/api/orders/xlsx', { identifier });
    expect(workbook.id).not.toBe(first.id);
    // The same request while the job is queued or running joins it again.
    const joined = await jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier });
    expect([joined.id, joined.status]).toEqual([first.id, expect.stringMatching(/queued|running/)]);

    const printed = await settled(alice.agent, first.id);
    expect(printed).toMatchObject({ status: 'done', progress: { percent: 100 }, message: null });
    expect(printed.fileName).toMatch(/^Комплект документів — Замовлення/);
    const file = await alice.agent.get(`/api/document-jobs/${first.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(
      'Комплект документів',
    );
    const xlsx = await settled(alice.agent, workbook.id);
    expect(xlsx.status).toBe('done');
    const workbookFile = await alice.agent.get(`/api/document-jobs/${workbook.id}/file`);
    expect(workbookFile.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // One running job per company: the workbook started only after the print set had finished.
    const [printRow, workbookRow] = await jobRows([first.id, workbook.id]);
    expect(printRow?.id).toBe(first.id);
    expect(new Date(String(workbookRow?.startedAt)).getTime()).toBeGreaterThanOrEqual(
      new Date(String(printRow?.finishedAt)).getTime(),
    );

    // A small document (the title page lays out no service lines) is still the file itself.
    const title = await alice.agent.post('/api/orders/pdf', { file: 'title', identifier });
    expect(title.statusCode).toBe(200);
    expect(title.headers['content-type']).toBe('application/pdf');
  }, 120_000);

  it('shows a job to its company only: another company and the administrator get 404; the administrator’s job is the administrator’s', async () => {
    const { alice, bob, admin } = suite;
    const identifier = await suite.kit.documentOrderFor(alice, 3);
    const job = await jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier });
    for (const agent of [bob.agent, admin]) {
      for (const url of [`/api/document-jobs/${job.id}`, `/api/document-jobs/${job.id}/file`]) {
        const answer = await agent.get(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({
          message: DOCUMENT_JOB_NOT_FOUND_MESSAGE,
          code: 'NOT_FOUND',
        });
      }
    }
    await settled(alice.agent, job.id);
    expect((await bob.agent.get(`/api/document-jobs/${job.id}/file`)).statusCode).toBe(404);

    const adminJob = await jobOf(admin, '/api/administrator/orders/pdf', {
      file: 'print',
      identifier,
    });
    expect(adminJob.id).not.toBe(job.id);
    expect((await alice.agent.get(`/api/document-jobs/${adminJob.id}`)).statusCode).toBe(404);
    expect((await settled(admin, adminJob.id)).status).toBe('done');
    expect((await admin.get(`/api/document-jobs/${adminJob.id}/file`)).statusCode).toBe(200);
  }, 120_000);

  it('lets the companies take the pool in turn: a company’s second job waits for the other company’s first', async () => {
    const { alice, bob } = suite;
    const [ours, theirs] = await Promise.all([
      suite.kit.documentOrderFor(alice, 4),
      suite.kit.documentOrderFor(bob, 4),
    ]);
    // Alice asks three documents, then Bob one, while the single slot renders Alice's first.
    const aliceFirst = await jobOf(alice.agent, '/api/orders/pdf', {
      file: 'print',
      identifier: ours,
    });
    const aliceMore = [
      await jobOf(alice.agent, '/api/orders/xlsx', { identifier: ours }),
      await jobOf(alice.agent, '/api/orders/pdf', { file: 'materials_spending', identifier: ours }),
    ];
    const bobs = await jobOf(bob.agent, '/api/orders/pdf', { file: 'print', identifier: theirs });
    for (const job of [aliceFirst, ...aliceMore]) await settled(alice.agent, job.id);
    await settled(bob.agent, bobs.id);
    const rows = await jobRows([aliceFirst.id, ...aliceMore.map((job) => job.id), bobs.id]);
    const owners = rows.map((row) => (row.id === bobs.id ? 'bob' : 'alice'));
    // Not first come first served (alice, alice, alice, bob): Bob's job is next after Alice's first.
    expect(owners).toEqual(['alice', 'bob', 'alice', 'alice']);
  }, 180_000);

  it('forgets a job once its day has passed: 404 to its company, and the row is purged', async () => {
    const { alice, identifier, job } = await settledPrintOf(3);
    const kept = documentJobAnswerSchema.parse(
      (await alice.agent.get(`/api/document-jobs/${job.id}`)).json(),
    ).job;
    const hours = (Date.parse(kept.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    await suite.ctx.database.db.execute(
      sql`update document_jobs set expires_at = now() - interval '1 second' where id = ${job.id}`,
    );
    expect((await alice.agent.get(`/api/document-jobs/${job.id}`)).statusCode).toBe(404);
    expect((await alice.agent.get(`/api/document-jobs/${job.id}/file`)).statusCode).toBe(404);
    // The next job's submission purges what has expired.
    const next = await jobOf(alice.agent, '/api/orders/xlsx', { identifier });
    expect(await jobRows([job.id])).toEqual([]);
    await settled(alice.agent, next.id);
  }, 120_000);

  it('fails a job whose stored request does not parse with a message that says so; the next job still runs', async () => {
    const { alice, identifier, job } = await settledPrintOf(3);
    // A row of the same owner whose request is not a document call (changed by hand, or by another release).
    const broken = `${job.id}-broken`;
    await suite.ctx.database.db.execute(sql`
      insert into document_jobs (id, owner, company_id, request_key, request, expires_at)
      select ${broken}, owner, company_id, 'broken', '{"kind":"pdf"}'::jsonb, now() + interval '1 day'
      from document_jobs where id = ${job.id}`);
    const failed = await settled(alice.agent, broken);
    expect(failed).toMatchObject({ status: 'failed', message: DOCUMENT_JOB_UNREADABLE_MESSAGE });
    const next = await jobOf(alice.agent, '/api/orders/xlsx', { identifier });
    expect((await settled(alice.agent, next.id)).status).toBe('done');
  }, 120_000);
});

/** A job's stored file: its row's size, and where it lies (a file on PGlite, chunk rows on PostgreSQL). */
async function storedFile(id: string) {
  const { db, kind } = suite.ctx.database;
  const row = (
    await db.execute(sql`select file_size as "size" from document_jobs where id = ${id}`)
  ).rows[0] as { size: number } | undefined;
  const chunks = (
    await db.execute(
      sql`select count(*)::int as "count", coalesce(sum(octet_length(bytes)), 0)::int as "bytes"
          from document_job_chunks where job_id = ${id}`,
    )
  ).rows[0] as { count: number; bytes: number };
  const file = path.join(suite.ctx.config.documents.filesDir, `${id}.bin`);
  return {
    kind,
    size: row?.size,
    chunks,
    onDisk: existsSync(file) ? statSync(file).size : undefined,
  };
}

describe('stored document files (issue 34)', () => {
  it('keeps a finished file out of the job’s row (a file on PGlite, chunk rows on PostgreSQL) and sends it as a stream with its Content-Length', async () => {
    const { alice, job } = await settledPrintOf(5);
    const file = await alice.agent.get(`/api/document-jobs/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    const stored = await storedFile(job.id);
    expect(stored.size).toBe(file.rawPayload.length);
    if (stored.kind === 'postgres') {
      expect(stored.chunks).toEqual({
        count: Math.ceil(file.rawPayload.length / JOB_FILE_CHUNK_BYTES),
        bytes: file.rawPayload.length,
      });
      expect(stored.onDisk).toBeUndefined();
    } else {
      expect(stored.onDisk).toBe(file.rawPayload.length);
      expect(stored.chunks.count).toBe(0);
    }
  }, 120_000);

  it('stores a file of several chunks and reads it back in order, in both stores; removing forgets it', async () => {
    // A job row for the chunks' foreign key.
    const id = `store-test-${Date.now()}`;
    await suite.ctx.database.db.execute(
      sql`insert into document_jobs (id, owner, request_key, request, status, expires_at)
          values (${id}, 'company:0', 'k', '{}'::jsonb, 'failed', now() + interval '1 hour')`,
    );
    // Several reads of either store: chunk rows of JOB_FILE_CHUNK_BYTES, or the file's reads of DISK_READ_BYTES.
    const bytes = randomBytes(2 * DISK_READ_BYTES + 12_345);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'medcalc-job-files-'));
    try {
      for (const [store, readBytes] of [
        [chunkJobFiles(suite.ctx.database.db), JOB_FILE_CHUNK_BYTES],
        [diskJobFiles(dir), DISK_READ_BYTES],
      ] as const) {
        // A second save (a job run again after a restart) replaces the first.
        await store.save(id, randomBytes(JOB_FILE_CHUNK_BYTES + 1));
        await store.save(id, bytes);
        const chunks: number[] = [];
        const stream = store.open(id);
        stream.on('data', (chunk: Buffer) => chunks.push(chunk.length));
        expect((await buffer(stream)).equals(bytes)).toBe(true);
        // Never the whole file at once: each piece at most one chunk row, or one read of the file.
        expect(chunks.length).toBeGreaterThan(2);
        expect(Math.max(...chunks)).toBeLessThanOrEqual(readBytes);
        await store.remove([id]);
        expect((await buffer(store.open(id)).catch(() => Buffer.alloc(0))).length).toBe(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
      await suite.ctx.database.db.execute(sql`delete from document_jobs where id = ${id}`);
    }
  }, 120_000);

  it('answers the same document from its kept file while nothing it prints changed; a change makes a new one', async () => {
    const { alice, identifier, job: first } = await settledPrintOf(4);
    const made = await alice.agent.get(`/api/document-jobs/${first.id}/file`);
    const again = await alice.agent.post('/api/orders/pdf', { file: 'print', identifier });
    expect(again.statusCode, again.body.slice(0, 200)).toBe(200);
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(Number(again.headers['content-length'])).toBe(made.rawPayload.length);
    expect(again.rawPayload.equals(made.rawPayload)).toBe(true);
    const count = async () =>
      (
        (
          await suite.ctx.database.db.execute(
            sql`select count(*)::int as "n" from document_jobs where request_key like ${`%${identifier}%`}`,
          )
        ).rows[0] as { n: number }
      ).n;
    expect(await count()).toBe(1);
    // The order was sent meanwhile: the documents print another status, so the file is made again.
    await suite.kit.setStatus(identifier, 'sent');
    const remade = await jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier });
    expect(remade.id).not.toBe(first.id);
    await settled(alice.agent, remade.id);
    expect(await count()).toBe(2);
  }, 120_000);

  it('keeps a company’s newest files only (the oldest go first) and answers 429 when its queue is full', async () => {
    const { alice, bob } = suite;
    const identifier = await suite.kit.documentOrderFor(alice, 4);
    const ask = (file: string) => jobOf(alice.agent, '/api/orders/pdf', { file, identifier });
    const jobs = [await ask('print'), await ask('materials_spending'), await ask('order_list')];
    // Three waiting or running: the fourth is refused in Ukrainian, and asks to come back later.
    const refused = await alice.agent.post('/api/orders/xlsx', { identifier });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: DOCUMENT_JOBS_QUEUE_FULL_MESSAGE,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another company's queue is its own.
    const theirs = await suite.kit.documentOrderFor(bob, 4);
    const bobs = await jobOf(bob.agent, '/api/orders/pdf', { file: 'print', identifier: theirs });
    for (const job of jobs) expect((await settled(alice.agent, job.id)).status).toBe('done');
    await settled(bob.agent, bobs.id);
    // Once its jobs are done, the company may ask again; its fourth file makes the oldest (the print set) go,
    // row and file.
    const next = await alice.agent.post('/api/orders/xlsx', { identifier });
    expect(next.statusCode).toBe(202);
    await settled(alice.agent, documentJobAnswerSchema.parse(next.json()).job.id);
    const oldest = jobs[0]?.id ?? '';
    expect((await alice.agent.get(`/api/document-jobs/${oldest}/file`)).statusCode).toBe(404);
    // The job that pruned it reports done as its row is written; the file goes right after (the row first).
    await vi.waitFor(async () => {
      const gone = await storedFile(oldest);
      expect([gone.size, gone.onDisk, gone.chunks.count]).toEqual([undefined, undefined, 0]);
    });
    const done = (
      await suite.ctx.database.db.execute(
        sql`select count(*)::int as "n" from document_jobs where status = 'done'
            and owner = (select owner from document_jobs where id = ${jobs[1]?.id ?? ''})`,
      )
    ).rows[0] as { n: number };
    expect(done.n).toBe(3);
    for (const job of jobs.slice(1))
      expect((await alice.agent.get(`/api/document-jobs/${job.id}/file`)).statusCode).toBe(200);
  }, 180_000);
});
