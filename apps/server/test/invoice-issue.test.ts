import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderInvoice } from '@medcalc/domain';
import { invoiceCounters, orderInvoices, orders } from '../src/db/schema';
import { joinAsMember, signInAdmin, type Agent } from './helper';
import { useTwoCompanies } from './worked-orders';
import { pdfText } from '../src/modules/documents/read-back';

// Issue 34: an invoice number is given when the provider issues the invoice of a payable order (the
// administrator's print, or the payment's confirmation), never by a company's print, a viewer's included, and
// never lost with a deleted order, so the year's sequence has no gaps a user can make.

const suite = useTwoCompanies();

/** The invoice's title line as printed: «№ 12/2026 від 22.11.2026», or the unissued note. */
async function printedTitle(agent: Agent, identifier: string, admin = false) {
  const response = admin
    ? await suite.admin.post('/api/administrator/orders/pdf', { identifier, file: 'invoice' })
    : await agent.post('/api/orders/pdf', { identifier, file: 'invoice' });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const line = /Рахунок на оплату[^\n]*/.exec(pdfText(response.rawPayload))?.[0] ?? '';
  return line.replace(/\s+/g, ' ').trim();
}

const lastNumber = async (year: number) => {
  const [row] = await suite.ctx.database.db
    .select({ lastNumber: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.year, year));
  return row?.lastNumber ?? 0;
};
/** Every number of the year, in order: a sequence with no gaps is 1 … n. */
const numbersOf = async (year: number) =>
  (
    await suite.ctx.database.db
      .select({ number: orderInvoices.number })
      .from(orderInvoices)
      .where(eq(orderInvoices.year, year))
  )
    .map((row) => row.number)
    .sort((a, b) => a - b);
const listed = async (agent: Agent, identifier: string) =>
  ((await agent.get('/api/invoices')).json() as OrderInvoice[]).find(
    (invoice) => invoice.identifier === identifier,
  );

describe('invoice numbers (issue 34)', () => {
  it('gives no number for the company’s prints, a viewer’s included, nor for unpaid orders it deletes', async () => {
    const { alice, kit } = suite;
    const viewer = await joinAsMember(suite.ctx, alice.agent, 'viewer');
    const before = await lastNumber(2026);
    const order = await kit.placeOrder(alice.agent, alice.company, ['УЗД'], 'Без номера');
    expect(await printedTitle(alice.agent, order)).toMatch(
      /^Рахунок на оплату від \d\d\.\d\d\.2026 \(номер/,
    );
    expect(await printedTitle(viewer.agent, order)).not.toMatch(/№/);
    expect((await listed(viewer.agent, order))?.number).toBeNull();
    // Orders printed and deleted while unpaid spend nothing.
    for (let i = 0; i < 3; i += 1) {
      const throwaway = await kit.placeOrder(alice.agent, alice.company, ['УЗД'], 'Видалене');
      await printedTitle(alice.agent, throwaway);
      expect((await alice.agent.delete(`/api/orders/${throwaway}`)).statusCode).toBe(200);
    }
    expect(await lastNumber(2026)).toBe(before);
  });

  it('numbers an invoice when the administrator issues it, consecutively across companies, and keeps it', async () => {
    const { alice, bob, kit } = suite;
    const first = await kit.placeOrder(alice.agent, alice.company, ['УЗД']);
    const second = await kit.placeOrder(bob.agent, bob.company, ['УЗД']);
    const base = await lastNumber(2026);
    expect(await printedTitle(alice.agent, first, true)).toBe(
      `Рахунок на оплату № ${base + 1}/2026 від 22.11.2026`,
    );
    expect(await printedTitle(bob.agent, second, true)).toBe(
      `Рахунок на оплату № ${base + 2}/2026 від 22.11.2026`,
    );
    // Every reprint, by the company or the administrator, prints the same number; the list shows it.
    expect(await printedTitle(alice.agent, first)).toBe(
      `Рахунок на оплату № ${base + 1}/2026 від 22.11.2026`,
    );
    expect(await printedTitle(alice.agent, first, true)).toContain(`№ ${base + 1}/2026`);
    expect((await listed(alice.agent, first))?.number).toBe(`${base + 1}/2026`);
    // Issued twice at once, an invoice still takes one number.
    const third = await kit.placeOrder(alice.agent, alice.company, ['УЗД']);
    const [a, b] = await Promise.all([
      printedTitle(alice.agent, third, true),
      printedTitle(alice.agent, third, true),
    ]);
    expect(a).toBe(b);
    expect(a).toContain(`№ ${base + 3}/2026`);
  });

  it('issues the invoice when the administrator confirms the payment, if it was not issued before', async () => {
    const { alice, kit } = suite;
    const order = await kit.placeOrder(alice.agent, alice.company, ['УЗД']);
    const base = await lastNumber(2026);
    await kit.setStatus(order, 'paid');
    expect((await listed(alice.agent, order))?.number).toBe(`${base + 1}/2026`);
    // Later status changes take nothing more.
    await kit.setStatus(order, 'created');
    await kit.setStatus(order, 'paid');
    expect(await lastNumber(2026)).toBe(base + 1);
  });

  it('keeps the number of an issued invoice whose unpaid order the company deletes: no gap in the year', async () => {
    const { alice, kit } = suite;
    const order = await kit.placeOrder(alice.agent, alice.company, ['УЗД']);
    await printedTitle(alice.agent, order, true);
    expect((await alice.agent.delete(`/api/orders/${order}`)).statusCode).toBe(200);
    const cancelled = await suite.ctx.database.db
      .select({ number: orderInvoices.number })
      .from(orderInvoices)
      .where(isNull(orderInvoices.orderId));
    expect(cancelled).toHaveLength(1);
    const next = await kit.placeOrder(alice.agent, alice.company, ['УЗД']);
    await kit.setStatus(next, 'paid');
    const numbers = await numbersOf(2026);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('gives no number to an order the company deleted, even at the administrator’s print', async () => {
    const { alice, kit } = suite;
    const order = await kit.placeOrder(alice.agent, alice.company, ['УЗД']);
    await kit.setStatus(order, 'paid');
    // A paid order from before issue 34 that was never printed has no number: its row is taken away here.
    const [row] = await suite.ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.identifier, order));
    await suite.ctx.database.db
      .delete(orderInvoices)
      .where(eq(orderInvoices.orderId, row?.id ?? 0));
    expect((await alice.agent.delete(`/api/orders/${order}`)).statusCode).toBe(200);
    const before = await lastNumber(2026);
    expect(await printedTitle(alice.agent, order, true)).not.toMatch(/№/);
    expect(await lastNumber(2026)).toBe(before);
  });

  it('numbers by the Kyiv year of the issue', async () => {
    const { alice, kit } = suite;
    const order = await kit.placeOrder(alice.agent, alice.company, ['УЗД']);
    const clock = suite.ctx.clock;
    const saved = clock.current;
    // 22:30 UTC on 31 December is already 1 January in Kyiv.
    clock.current = new Date('2026-12-31T22:30:00Z');
    try {
      suite.admin = await signInAdmin(suite.ctx.app);
      await kit.setStatus(order, 'paid');
    } finally {
      clock.current = saved;
    }
    expect(await numbersOf(2027)).toEqual([1]);
    expect(await printedTitle(alice.agent, order)).toBe(
      'Рахунок на оплату № 1/2027 від 01.01.2027',
    );
  });
});
