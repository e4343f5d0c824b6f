import { describe, expect, it } from 'vitest';
import { ROW_USAGE_LIMIT, type Pill, type RowUsage, type StaffRate } from '@medcalc/domain';
import { useSuite } from './helper';
import {
  firstService,
  openWorkedOwner,
  saveBody,
  withCalculation,
  workedCalculations,
} from './worked-orders';

// Issue 33: the delete question of a staffing row or a material names the orders whose lines point at it.

const s = useSuite(openWorkedOwner);

const usageOf = async (list: 'stuff' | 'pills', id: number) => {
  const response = await s.owner.agent.get(`/api/company/${s.company}/${list}/${id}/orders`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RowUsage;
};

describe('the orders using a staffing row', () => {
  it('names the orders whose staff lines point at the row, not deleted ones, at most the limit', async () => {
    const detail = await s.kit.paidOrder(s.owner.agent, s.company);
    const [, service] = firstService(detail.calculations);
    const rowId = service.calculation.stuff[0]?.quality?.id;
    if (rowId == null) throw new Error('setup: the worked template names a staffing row');
    expect(await usageOf('stuff', rowId)).toEqual({
      total: 1,
      orders: [{ identifier: detail.identifier, name: 'Замовлення' }],
    });

    // A row no line points at.
    const staff = (await s.owner.agent.get(`/api/get-stuff/${s.company}`)).json() as StaffRate[];
    const used = new Set(service.calculation.stuff.map((line) => line.quality?.id));
    const unused = staff.find((row) => !used.has(row.id));
    if (!unused) throw new Error('setup: the table has more rows than the template uses');
    expect(await usageOf('stuff', unused.id)).toEqual({ total: 0, orders: [] });

    // A paid order the company deleted is gone for it (soft delete): not named.
    const removed = await s.owner.agent.delete(`/api/orders/${detail.identifier}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await usageOf('stuff', rowId)).toEqual({ total: 0, orders: [] });

    // More orders than the limit: the newest are named, all are counted.
    for (let index = 0; index <= ROW_USAGE_LIMIT; index++) {
      const placed = await s.owner.agent.post(`/api/company/${s.company}/orders/add`, {
        name: `Замовлення ${index + 1}`,
        calculations: [
          {
            categoryId: s.template.categoryId,
            source: 'template',
            sourceId: s.template.id,
            templateId: s.template.id,
            templateName: 'Послуга',
          },
        ],
      });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    const many = await usageOf('stuff', rowId);
    expect(many.total).toBe(ROW_USAGE_LIMIT + 1);
    expect(many.orders).toHaveLength(ROW_USAGE_LIMIT);
    expect(many.orders[0]?.name).toBe(`Замовлення ${ROW_USAGE_LIMIT + 1}`);
  });

  it('answers 404 for a row that is not the company’s and 401 signed out', async () => {
    const response = await s.owner.agent.get(`/api/company/${s.company}/stuff/999999/orders`);
    expect(response.statusCode).toBe(404);
    const signedOut = await s.ctx.app.inject({
      method: 'GET',
      url: `/api/company/${s.company}/stuff/1/orders`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the orders using a material', () => {
  it('names the orders whose material lines use the company’s own material; a template one is 404', async () => {
    const created = await s.owner.agent.post(`/api/company/${s.company}/pills`, {
      name: 'Гель для УЗД',
      measurementType: 'шт',
      price: '12.5',
    });
    expect(created.statusCode, created.body).toBe(200);
    const pill = (created.json() as { data: Pill }).data;
    expect(await usageOf('pills', pill.id)).toEqual({ total: 0, orders: [] });

    const detail = await s.kit.paidOrder(s.owner.agent, s.company);
    const [category, service] = firstService(workedCalculations(detail));
    const line = { id: pill.id, name: pill.name, price: 12.5, spend: 1, measurement_type: 'шт' };
    const calcs = withCalculation(category, service, {
      pills: [...service.calculation.pills, line],
    });
    const saved = await s.owner.agent.post(
      '/api/calculations/save',
      saveBody(detail, calcs, undefined, 'Замовлення з гелем'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await usageOf('pills', pill.id)).toEqual({
      total: 1,
      orders: [{ identifier: detail.identifier, name: 'Замовлення з гелем' }],
    });

    const templates = (await s.owner.agent.get('/api/pills/list')).json() as Pill[];
    const template = templates[0];
    if (!template) throw new Error('setup: the seed has template materials');
    const refused = await s.owner.agent.get(
      `/api/company/${s.company}/pills/${template.id}/orders`,
    );
    expect(refused.statusCode).toBe(404);
  });
});
