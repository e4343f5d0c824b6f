import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DOCUMENT_JOB_NOT_FOUND_MESSAGE,
  documentJobAnswerSchema,
  type DocumentJob,
} from '@medcalc/domain';
import type { Agent, CompanyMember } from './helper';
import { WORKED_INFO } from './document-fixtures';
import { useTwoCompanies } from './worked-orders';

/*
 * Large documents as jobs (issue 24 §1) over HTTP. DOCUMENT_JOB_LINES=10 makes a document of a few worked-example
 * services a "large" one; one worker and one job slot make the turns visible: one job runs at a time.
 */

const suite = useTwoCompanies({
  env: { DOCUMENT_JOB_LINES: '10', DOCUMENT_THREADS: '1', DOCUMENT_JOB_SLOTS: '1' },
});

/** A calculated order of the worked example's service, `count` times over, of `member`. */
const calculatedOrder = async (member: CompanyMember, count: number) =>
  (
    await suite.kit.formedOrderFor(member, {
      names: Array.from({ length: count }, () => 'УЗД органів черевної порожнини'),
      name: 'Замовлення',
      info: WORKED_INFO,
    })
  ).identifier;

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
    const identifier = await calculatedOrder(alice, 6);
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
    const identifier = await calculatedOrder(alice, 3);
    const job = await jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier });
    for (const agent of [bob.agent, admin]) {
      for (const url of [`/api/document-jobs/${job.id}`, `/api/document-jobs/${job.id}/file`]) {
        const answer = await agent.get(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ message: DOCUMENT_JOB_NOT_FOUND_MESSAGE });
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
    const [ours, theirs] = await Promise.all([calculatedOrder(alice, 4), calculatedOrder(bob, 4)]);
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
    const { alice } = suite;
    const identifier = await calculatedOrder(alice, 3);
    const job = await jobOf(alice.agent, '/api/orders/pdf', { file: 'print', identifier });
    await settled(alice.agent, job.id);
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
});
