import { describe, expect, it } from 'vitest';
import { WIZARD_VERSION_CHANGED_MESSAGE, calculationsSavedResponseSchema } from '@medcalc/domain';
import { orderDetailOf, saveBody, useTwoCompanies } from './worked-orders';

/*
 * The order's content version (issue 21): two tabs or two people on one order. A save or calculate based on an
 * older version is refused (409) with nothing stored; each write answers the version after it; the spec's
 * client, which sends no version, is not checked. Runs on PGlite and, in the PostgreSQL run, on PostgreSQL.
 */
const suite = useTwoCompanies();

describe('order version', () => {
  it('starts at 1 and goes up by one with each save, which answers it', async () => {
    const detail = await suite.kit.paidOrderFor(suite.alice);
    expect(detail.version).toBe(1);

    const first = await suite.alice.agent.post('/api/calculations/save', {
      ...saveBody(detail),
      version: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(calculationsSavedResponseSchema.parse(first.json())).toMatchObject({
      status: 'saved',
      version: 2,
    });
    expect((await orderDetailOf(suite.alice.agent, detail.identifier)).version).toBe(2);

    // Unversioned (the spec's client): stored, and the version still moves on.
    const plain = await suite.alice.agent.post('/api/calculations/save', saveBody(detail));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().version).toBe(3);
  });

  it('refuses a save or calculate based on an older version, storing nothing', async () => {
    const detail = await suite.kit.paidOrderFor(suite.alice);
    const mine = await suite.alice.agent.post('/api/calculations/save', {
      ...saveBody(detail, undefined, undefined, 'Вкладка 1'),
      version: 1,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const before = await suite.kit.snapshotOf(detail.identifier);

    for (const call of ['save', 'calculate']) {
      const stale = await suite.alice.agent.post(`/api/calculations/${call}`, {
        ...saveBody(detail, undefined, undefined, 'Вкладка 2'),
        version: 1,
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toEqual({
        message: WIZARD_VERSION_CHANGED_MESSAGE,
        code: 'VERSION_CONFLICT',
      });
    }
    expect(await suite.kit.snapshotOf(detail.identifier)).toEqual(before);

    // Based on the version now stored ("keep mine" after seeing the newer one): accepted.
    const current = await suite.alice.agent.post('/api/calculations/calculate', {
      ...saveBody(detail, undefined, undefined, 'Вкладка 2'),
      version: 2,
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ status: 'formed', version: 3 });
    expect((await suite.kit.orderRow(detail.identifier)).name).toBe('Вкладка 2');
  });

  it('answers 422 for a version that is no positive whole number', async () => {
    const detail = await suite.kit.paidOrderFor(suite.alice);
    for (const version of [0, -1, 1.5, '2']) {
      const response = await suite.alice.agent.post('/api/calculations/save', {
        ...saveBody(detail),
        version,
      });
      expect(response.statusCode, `${String(version)}: ${response.body}`).toBe(422);
      expect(response.json().errors.version).toEqual(['Поле «Версія» має бути цілим числом.']);
    }
  });
});
