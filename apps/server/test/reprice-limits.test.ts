import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALCULATE_STORED_VERSION_MESSAGE,
  WIZARD_VERSION_CHANGED_MESSAGE,
  orderDetailSchema,
  type OrderDetail,
} from '@medcalc/domain';
import type { Agent, TestContext } from './helper';
import {
  WORKED_INFO,
  byName,
  openTwoCompanies,
  saveBody,
  setWorkedSalary,
  workedCalculations,
  workedOrders,
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

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let aliceCompany: string;
let template: Awaited<ReturnType<typeof openTwoCompanies>>['template'];
const kit = workedOrders({
  db: () => ctx.database.db,
  admin: () => admin,
  template: () => template,
});

beforeAll(async () => {
  ({ ctx, admin, template, alice, aliceCompany } = byName(await openTwoCompanies()));
  const info = await alice.put(`/api/company-info/${aliceCompany}`, WORKED_INFO);
  expect(info.statusCode, info.body).toBe(200);
  await setWorkedSalary(alice, aliceCompany, 'Лікар з ультразвукової діагностики', 20_000);
  await setWorkedSalary(alice, aliceCompany, 'Сестра медична', 13_500);
});
afterAll(async () => {
  await ctx.close();
});

const detailOf = async (identifier: string) => {
  const response = await alice.get(`/api/orders/${identifier}`);
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailSchema.parse(response.json()) as OrderDetail;
};

describe('Calculate of a re-priced order at the size limits (issue 34)', () => {
  it('calculates the stored revision when the body leaves its content out, though the content no longer fits a request', async () => {
    const paid = await kit.paidOrder(
      alice,
      aliceCompany,
      Array.from({ length: SERVICES }, () => 'УЗД органів черевної порожнини'),
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
    const calculated = await alice.post('/api/calculations/calculate', body);
    expect(calculated.statusCode, calculated.body.slice(0, 300)).toBe(200);
    const sent = await alice.post('/api/calculations/approve-from-user', {
      identifier: paid.identifier,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await kit.setStatus(paid.identifier, 'agreed');

    // The material is renamed to the longest name a material may have, and its price changes.
    const renamed = await admin.put(`/api/pills/${gel.id}`, {
      name: 'Гель для ультразвукових досліджень '.repeat(8).slice(0, 255),
      measurementType: gel.measurementType,
      price: 0.41,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const repriced = await alice.post(`/api/orders/${paid.identifier}/reprice`, { revision: 1 });
    expect(repriced.statusCode, repriced.body).toBe(200);

    const detail = await detailOf(paid.identifier);
    const whole = saveBody(detail, detail.calculations, detail.companyInfo, detail.name);
    // The re-priced content itself is now past what a request may carry: sending it is refused.
    expect(Buffer.byteLength(JSON.stringify(whole))).toBeGreaterThan(WIZARD_BODY_LIMIT);
    const tooLarge = await alice.post('/api/calculations/calculate', {
      ...whole,
      revision: detail.revision,
      version: detail.version,
    });
    expect(tooLarge.statusCode).toBe(413);

    const short = { identifier: detail.identifier, name: detail.name, revision: detail.revision };
    // Leaving the content out needs the version it means, and an old version is the usual conflict.
    const unversioned = await alice.post('/api/calculations/calculate', short);
    expect(unversioned.statusCode).toBe(422);
    expect(unversioned.json().errors.version).toEqual([CALCULATE_STORED_VERSION_MESSAGE]);
    const stale = await alice.post('/api/calculations/calculate', {
      ...short,
      version: detail.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: WIZARD_VERSION_CHANGED_MESSAGE,
      code: 'VERSION_CONFLICT',
    });

    const answer = await alice.post('/api/calculations/calculate', {
      ...short,
      version: detail.version,
    });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'formed' });
    const rows = await kit.calculationRows(paid.identifier);
    expect(rows).toHaveLength(SERVICES);
    expect(rows.every((row) => row.summary !== null)).toBe(true);
    expect(rows[0]?.content.pills[0]?.name).toMatch(/^Гель для ультразвукових/);
    expect(rows[0]?.content.pills[0]?.price).toBe(0.41);
  }, 300_000);
});
