import { describe, expect, it } from 'vitest';
import { DOCUMENTS_BUSY_MESSAGE } from '@medcalc/domain';
import { useTwoCompanies } from './worked-orders';

/*
 * The document pool's bounded queue over HTTP (issue 21): with one worker and no room to wait, a second document
 * asked for while the first is being rendered is refused at once with 503, Retry-After and the Ukrainian message,
 * and the next one after it is rendered again.
 */

const suite = useTwoCompanies({ env: { DOCUMENT_THREADS: '1', DOCUMENT_QUEUE_LIMIT: '0' } });

describe('POST /api/orders/pdf and /xlsx beyond the document queue', () => {
  it('answers 503 with Retry-After and «Сервер зараз формує інші документи…», then serves the next one', async () => {
    const identifier = await suite.kit.documentOrderFor(suite.alice, 3);
    const pdf = (file: string) =>
      suite.alice.agent.request('POST', '/api/orders/pdf', { file, identifier });
    const xlsx = () => suite.alice.agent.request('POST', '/api/orders/xlsx', { identifier });
    // Three asked at once: the first takes the only worker, the other two find no room.
    const answers = await Promise.all([pdf('print'), pdf('title'), xlsx()]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('60');
      expect(answer.json()).toEqual({
        message: DOCUMENTS_BUSY_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    expect(DOCUMENTS_BUSY_MESSAGE).toBe(
      'Сервер зараз формує інші документи. Спробуйте за хвилину.',
    );
    // The queue is empty again: the next document is rendered.
    const next = await xlsx();
    expect(next.statusCode, next.body.slice(0, 200)).toBe(200);
  }, 120_000);
});
