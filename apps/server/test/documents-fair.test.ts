import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS_COMPANY_BUSY_MESSAGE,
  documentJobAnswerSchema,
  type DocumentJob,
} from '@medcalc/domain';
import { useTwoCompanies, type Member } from './worked-orders';

/*
 * Fair document workers over HTTP (issue 34): one worker, four documents may wait, two of them one company's.
 * Alice asks for many documents at once; Bob's small document is still rendered in his turn (not 503), Alice's
 * extra ones get her own 429, and Bob's large document, a job, waits for a worker and ends done, not failed.
 */

const suite = useTwoCompanies({
  env: { DOCUMENT_THREADS: '1', DOCUMENT_QUEUE_LIMIT: '4', DOCUMENT_JOB_LINES: '20' },
});

describe('document workers shared between companies (issue 34)', () => {
  it('renders another company’s document in its turn while one company floods the pool; the flooder gets 429, a job waits instead of failing', async () => {
    const { alice, bob } = suite;
    const [ours, theirs] = await Promise.all([
      suite.kit.documentOrderFor(alice, 2),
      suite.kit.documentOrderFor(bob, 6),
    ]);
    const finished: string[] = [];
    const timed = async <T extends { statusCode: number }>(name: string, answer: Promise<T>) => {
      const response = await answer;
      if (response.statusCode === 200) finished.push(name);
      return response;
    };
    const title = (member: Member, identifier: string) =>
      member.agent.request('POST', '/api/orders/pdf', { file: 'title', identifier });
    const flood = Array.from({ length: 6 }, (_, index) =>
      timed(`alice ${index}`, title(alice, ours)),
    );
    // Bob's print set of six services is a job; his title page is rendered while he waits.
    const job = await bob.agent.post('/api/orders/pdf', { file: 'print', identifier: theirs });
    expect(job.statusCode, job.body.slice(0, 200)).toBe(202);
    const bobs = await timed('bob', title(bob, theirs));
    const answers = await Promise.all(flood);

    expect(bobs.statusCode).toBe(200);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).not.toContain(503);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    for (const answer of answers.filter((answer) => answer.statusCode === 429)) {
      expect(answer.json()).toEqual({
        message: DOCUMENTS_COMPANY_BUSY_MESSAGE,
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Bob was not served last, behind every document Alice had waiting.
    expect(finished.indexOf('bob')).toBeLessThan(finished.length - 1);

    let { job: followed }: { job: DocumentJob } = documentJobAnswerSchema.parse(job.json());
    while (followed.status === 'queued' || followed.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({ job: followed } = documentJobAnswerSchema.parse(
        (await bob.agent.get(`/api/document-jobs/${followed.id}`)).json(),
      ));
    }
    expect(followed.status).toBe('done');
  }, 180_000);
});
