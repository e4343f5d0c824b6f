import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVED_ORDER_DELETE_MESSAGE,
  type AdminOrderRow,
  type OrderListItem,
} from '@medcalc/domain';
import { calculations, orderStatusHistory } from '../src/db/schema';
import { joinAsMember, type Agent } from './helper';
import { byName, openTwoCompanies, workedOrders, type TwoCompanies } from './worked-orders';

/*
 * Issue 13: a paid order the company deletes is gone for the company (404 on every call, out of every list) but
 * stays for the administrator, marked deleted; an unpaid (`created`) one is deleted outright.
 */

let two: TwoCompanies;
let alice: Agent;
let aliceCompany: string;
let bob: Agent;
let admin: Agent;
const kit = workedOrders({
  db: () => two.ctx.database.db,
  admin: () => admin,
  template: () => two.template,
});

beforeAll(async () => {
  two = await openTwoCompanies();
  ({ alice, aliceCompany, bob, admin } = byName(two));
});
afterAll(async () => {
  await two.ctx.close();
});

/** Every company call naming the order, as thunks so only the ones awaited are sent. */
const companyCalls = (identifier: string) => [
  () => alice.get(`/api/orders/${identifier}`),
  () => alice.get(`/api/orders/${identifier}/services`),
  () => alice.delete(`/api/orders/${identifier}`),
  () => alice.post('/api/orders/duplicate', { identifier }),
  () => alice.post('/api/calculations/approve-from-user', { identifier }),
  () => alice.post('/api/orders/pdf', { file: 'title', identifier }),
  () => alice.post('/api/orders/pdf', { file: 'invoice', identifier }),
  () => alice.post('/api/orders/xlsx', { identifier }),
];

describe('DELETE /api/orders/{identifier} of a paid order', () => {
  it('hides it from the company (404, out of the lists) and keeps it for the administrator, marked deleted', async () => {
    const { identifier } = await kit.formedOrder(alice, aliceCompany);
    expect((await kit.orderRow(identifier)).status).toBe('formed');
    // Before: every call answers and the lists name it.
    for (const response of await Promise.all(
      companyCalls(identifier)
        .slice(0, 2)
        .map((call) => call()),
    )) {
      expect(response.statusCode, response.body).toBe(200);
    }
    const calculatedBefore = await alice.get(
      `/api/company/${aliceCompany}/calculated-services?perPage=100`,
    );
    expect(JSON.stringify(calculatedBefore.json())).toContain(identifier);
    const ownBefore = await alice.get(`/api/company/${aliceCompany}/calculations`);
    expect(ownBefore.json()).not.toEqual([]);
    const rowsBefore = await kit.calculationRows(identifier);
    const order = await kit.orderRow(identifier);
    const historyBefore = await two.ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));

    two.ctx.clock.advanceMinutes(5);
    const deleted = await alice.delete(`/api/orders/${identifier}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Замовлення видалено.' });

    // The company: 404 on every call naming it, and no list shows it or its services.
    for (const call of companyCalls(identifier)) {
      const response = await call();
      expect(response.statusCode, `${response.body}`).toBe(404);
    }
    const list = (await alice.get('/api/orders')).json() as OrderListItem[];
    expect(list.map((o) => o.identifier)).not.toContain(identifier);
    const calculated = await alice.get(
      `/api/company/${aliceCompany}/calculated-services?perPage=100`,
    );
    expect(calculated.statusCode).toBe(200);
    expect(JSON.stringify(calculated.json())).not.toContain(identifier);
    expect((await alice.get(`/api/company/${aliceCompany}/calculations`)).json()).toEqual([]);
    // A new order cannot copy the deleted order's calculation either.
    const [calculation] = rowsBefore;
    const copy = await alice.post(`/api/company/${aliceCompany}/orders/add`, {
      name: 'Копія',
      calculations: [
        {
          categoryId: calculation?.categoryId,
          source: 'calculation',
          sourceId: calculation?.id,
          templateName: 'Копія',
        },
      ],
    });
    expect(copy.statusCode).toBe(422);
    // Bob never saw it and still does not.
    expect((await bob.get(`/api/orders/${identifier}/services`)).statusCode).toBe(404);

    // Storage: the row, its services and history stay, marked deleted.
    const stored = await kit.orderRow(identifier);
    expect(stored.deletedAt).toEqual(two.ctx.clock.now());
    expect(stored.status).toBe('formed');
    expect(await kit.calculationRows(identifier)).toEqual(rowsBefore);
    expect(
      await two.ctx.database.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id)),
    ).toEqual(historyBefore);

    // The administrator: listed with the deleted mark, readable, its documents still open, its status frozen.
    const adminList = (await admin.get('/api/administrator/orders')).json() as AdminOrderRow[];
    expect(adminList.find((row) => row.identifier === identifier)).toMatchObject({
      status: 'formed',
      services: 1,
      amount: '240.00',
      deletedAt: two.ctx.clock.now().toISOString(),
    });
    const adminDetail = await admin.get(`/api/administrator/orders/${identifier}`);
    expect(adminDetail.statusCode).toBe(200);
    expect(adminDetail.json()).toMatchObject({
      deletedAt: two.ctx.clock.now().toISOString(),
      calculations: [expect.objectContaining({ summary: '243.34', summaryWithProfit: '279.84' })],
    });
    const pdf = await admin.post('/api/administrator/orders/pdf', { file: 'title', identifier });
    expect(pdf.statusCode).toBe(200);
    const change = await admin.patch('/api/administrator/orders/change-status', {
      identifier,
      status: 'confirmed',
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().message).toMatch(/видалила/);
    expect((await kit.orderRow(identifier)).status).toBe('formed');
  });
});

describe('DELETE /api/orders/{identifier} of an order with an approved revision (issue 33)', () => {
  /** An order of alice's company that was formed, sent and approved by the provider. */
  const approvedOrder = async () => {
    const { identifier } = await kit.formedOrder(alice, aliceCompany);
    const sent = await alice.post('/api/calculations/approve-from-user', { identifier });
    expect(sent.statusCode, sent.body).toBe(200);
    await kit.setStatus(identifier, 'agreed');
    return identifier;
  };

  it('is refused to an economist with 403 and a Ukrainian message, also after a re-pricing; the owner deletes it', async () => {
    const economist = (await joinAsMember(two.ctx, alice, 'economist')).agent;
    const approved = await approvedOrder();
    const repriced = await approvedOrder();
    const reprice = await alice.post(`/api/orders/${repriced}/reprice`, { revision: 1 });
    expect(reprice.statusCode, reprice.body).toBe(200);

    for (const identifier of [approved, repriced]) {
      const refused = await economist.delete(`/api/orders/${identifier}`);
      expect(refused.statusCode, identifier).toBe(403);
      expect(refused.json()).toEqual({ message: APPROVED_ORDER_DELETE_MESSAGE, code: 'FORBIDDEN' });
      expect((await kit.orderRow(identifier)).deletedAt).toBeNull();

      const deleted = await alice.delete(`/api/orders/${identifier}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await kit.orderRow(identifier)).deletedAt).toBeInstanceOf(Date);
    }

    // A paid order never approved is still the economist's to delete.
    const { identifier: formed } = await kit.formedOrder(alice, aliceCompany);
    const deleted = await economist.delete(`/api/orders/${formed}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});

describe('DELETE /api/orders/{identifier} of an unpaid order', () => {
  it('deletes it with its services; the administrator no longer sees it', async () => {
    const identifier = await kit.placeOrder(alice, aliceCompany, ['УЗД']);
    const order = await kit.orderRow(identifier);
    expect((await alice.delete(`/api/orders/${identifier}`)).statusCode).toBe(200);
    await expect(kit.orderRow(identifier)).rejects.toThrow(/not stored/);
    expect(
      await two.ctx.database.db
        .select()
        .from(calculations)
        .where(eq(calculations.orderId, order.id)),
    ).toEqual([]);
    const adminList = (await admin.get('/api/administrator/orders')).json() as AdminOrderRow[];
    expect(adminList.map((row) => row.identifier)).not.toContain(identifier);
  });
});

describe('GET /api/orders/{identifier}/services', () => {
  it('lists an unpaid order’s services read-only while the wizard’s read still waits for payment', async () => {
    const identifier = await kit.placeOrder(alice, aliceCompany, ['УЗД печінки', 'УЗД нирок']);
    expect((await alice.get(`/api/orders/${identifier}`)).statusCode).toBe(403);
    const response = await alice.get(`/api/orders/${identifier}/services`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      status: string;
      calculations: Record<string, Array<{ name: string }>>;
    };
    expect(body.status).toBe('created');
    expect(
      Object.values(body.calculations)
        .flat()
        .map((row) => row.name),
    ).toEqual(['УЗД печінки', 'УЗД нирок']);
    expect((await bob.get(`/api/orders/${identifier}/services`)).statusCode).toBe(404);
    const list = (await alice.get('/api/orders')).json() as OrderListItem[];
    expect(list.find((o) => o.identifier === identifier)).toMatchObject({
      services: 2,
      amount: '480.00',
      createdAt: two.ctx.clock.now().toISOString(),
    });
  });
});
