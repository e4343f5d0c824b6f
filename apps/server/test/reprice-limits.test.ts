import { describe, expect, it } from 'vitest';
import { CALCULATE_STORED_VERSION_MESSAGE, WIZARD_VERSION_CHANGED_MESSAGE } from '@medcalc/domain';
import {
  WORKED_INFO,
  WORKED_SERVICE,
  asIsBody,
  orderDetailOf,
  saveBody,
  useWorkedCompanies,
  workedCalculations,
} from './worked-orders';
import { mapCalculations } from './with-salaries';

/*
 * A revision at the size limits stays calculable (issue 34). An order saved within the wizard's 8 MiB body, whose
 * material lines carry a short name, is re-priced after the material got a long one (255 characters): the new
 * revision's stored content is larger than any request may be, so the wizard's Calculate, which sent the whole
 * content, answered 413 for ever. Calculate now takes the stored draft when the body leaves it out (at the
 * `version` the wizard loaded). Runs on PGlite and, in the PostgreSQL run, on PostgreSQL.
 */

/** The wizard's calls' body limit (calculations.routes.ts). */
const WIZARD_BODY_LIMIT = 8 * 1024 * 1024;
const SERVICES = 90;
const LINES = 200;

const s = useWorkedCompanies();

describe('Calculate of a re-priced order at the size limits (issue 34)', () => {
  it('calculates the stored revision when the body leaves its content out, though the content no longer fits a request', async () => {
    const paid = await s.kit.paidOrderFor(
      s.alice,
      Array.from({ length: SERVICES }, () => WORKED_SERVICE),
    );
    // Every service: its staff lines, and its first material (the gel) 200 times under a one-letter name.
    let gel = { id: 0, name: '', measurementType: '' };
    const filled = mapCalculations(workedCalculations(paid), (calculation) => {
      const line = calculation.pills[0];
      if (!line?.id) throw new Error('the worked service has no template material');
      gel = { id: line.id, name: line.name, measurementType: line.measurement_type };
      return {
        ...calculation,
        pills: Array.from({ length: LINES }, () => ({ ...line, name: 'Г' })),
      };
    });
    const body = saveBody(paid, filled, WORKED_INFO, 'Велике замовлення');
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(WIZARD_BODY_LIMIT);
    const calculated = await s.alice.agent.post('/api/calculations/calculate', body);
    expect(calculated.statusCode, calculated.body.slice(0, 300)).toBe(200);
    const sent = await s.alice.agent.post('/api/calculations/approve-from-user', {
      identifier: paid.identifier,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await s.kit.setStatus(paid.identifier, 'agreed');

    // The material is renamed to the longest name a material may have, and its price changes.
    const renamed = await s.admin.put(`/api/pills/${gel.id}`, {
      name: 'Гель для ультразвукових досліджень '.repeat(8).slice(0, 255),
      measurementType: gel.measurementType,
      price: 0.41,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const repriced = await s.alice.agent.post(`/api/orders/${paid.identifier}/reprice`, {
      revision: 1,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);

    const detail = await orderDetailOf(s.alice.agent, paid.identifier);
    const whole = asIsBody(detail, detail.name);
    // The re-priced content itself is now past what a request may carry: sending it is refused.
    expect(Buffer.byteLength(JSON.stringify(whole))).toBeGreaterThan(WIZARD_BODY_LIMIT);
    const tooLarge = await s.alice.agent.post('/api/calculations/calculate', {
      ...whole,
      revision: detail.revision,
      version: detail.version,
    });
    expect(tooLarge.statusCode).toBe(413);

    const short = { identifier: detail.identifier, name: detail.name, revision: detail.revision };
    // Leaving the content out needs the version it means, and an old version is the usual conflict.
    const unversioned = await s.alice.agent.post('/api/calculations/calculate', short);
    expect(unversioned.statusCode).toBe(422);
    expect(unversioned.json().errors.version).toEqual([CALCULATE_STORED_VERSION_MESSAGE]);
    const stale = await s.alice.agent.post('/api/calculations/calculate', {
      ...short,
      version: detail.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: WIZARD_VERSION_CHANGED_MESSAGE,
      code: 'VERSION_CONFLICT',
    });

    const answer = await s.alice.agent.post('/api/calculations/calculate', {
      ...short,
      version: detail.version,
    });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'formed' });
    const rows = await s.kit.calculationRows(paid.identifier);
    expect(rows).toHaveLength(SERVICES);
    expect(rows.every((row) => row.summary !== null)).toBe(true);
    expect(rows[0]?.content.pills[0]?.name).toMatch(/^Гель для ультразвукових/);
    expect(rows[0]?.content.pills[0]?.price).toBe(0.41);
  }, 300_000);
});
