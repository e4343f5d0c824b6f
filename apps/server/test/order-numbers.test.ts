import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminOrderRowSchema,
  orderDetailSchema,
  orderListItemSchema,
  type OrderListItem,
} from '@medcalc/domain';
import { pagesOf } from '../src/modules/documents/read-back';
import { kyivParts } from '../src/lib/kyiv-time';
import { registerMember, useTwoCompanies, type Member } from './worked-orders';

/*
 * Issue 33: the number people quote for an order is short and per institution — «З-<year>-0001» for a company's
 * first order of the year, whatever other companies placed — on the orders list, the order, the admin panel and the
 * documents. Orders placed at the same moment never share one. PGlite, and PostgreSQL in its run.
 */

const suite = useTwoCompanies();
const { kit } = suite;
const YEAR = kyivParts(new Date()).year;

async function listOf(member: Member): Promise<OrderListItem[]> {
  const response = await member.agent.get('/api/orders');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as unknown[]).map((item) => orderListItemSchema.parse(item));
}

describe('order numbers per institution', () => {
  it('numbers each company’s orders from 0001 within the year, whatever another company has', async () => {
    const member = await registerMember(suite.ctx.app);
    // Other companies' orders first: the fresh company still starts at 0001.
    await kit.placeOrderFor(suite.alice, ['Перша']);
    await kit.placeOrderFor(suite.bob, ['Перша']);
    const first = await kit.placeOrderFor(member, ['Перша'], 'Перше');
    const second = await kit.placeOrderFor(member, ['Друга'], 'Друге');

    const numbers = new Map((await listOf(member)).map((item) => [item.identifier, item.number]));
    expect(numbers.get(first)).toBe(`З-${YEAR}-0001`);
    expect(numbers.get(second)).toBe(`З-${YEAR}-0002`);

    await kit.setStatus(second, 'paid');
    const detail = await member.agent.get(`/api/orders/${second}`);
    expect(orderDetailSchema.parse(detail.json()).number).toBe(`З-${YEAR}-0002`);

    const admin = await suite.admin.get(`/api/administrator/orders?search=${second}`);
    expect(admin.statusCode, admin.body).toBe(200);
    const rows = (admin.json() as unknown[]).map((row) => adminOrderRowSchema.parse(row));
    expect(rows.map((row) => row.number)).toEqual([`З-${YEAR}-0002`]);

    const invoice = await member.agent.post('/api/orders/pdf', {
      identifier: second,
      file: 'invoice',
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
  });

  it('gives orders placed at the same moment different numbers', async () => {
    const placed = await Promise.all(
      [1, 2, 3, 4].map((n) => kit.placeOrderFor(suite.alice, ['Перша'], `Одночасне ${n}`)),
    );
    const numbers = (await listOf(suite.alice))
      .filter((item) => placed.includes(item.identifier))
      .map((item) => item.number);
    expect(new Set(numbers).size).toBe(4);
  });

  it('prints the number in the heading of every page of the documents', async () => {
    const detail = await kit.formedOrder(suite.alice.agent, suite.alice.company);
    const number = (await listOf(suite.alice)).find(
      (item) => item.identifier === detail.identifier,
    )?.number;
    expect(number).toMatch(new RegExp(`^З-${YEAR}-\\d{4}$`));
    for (const file of ['title', 'order_list']) {
      const pdf = await suite.alice.agent.post('/api/orders/pdf', {
        identifier: detail.identifier,
        file,
      });
      expect(pdf.statusCode, pdf.body).toBe(200);
      for (const page of pagesOf(pdf.rawPayload)) expect(page).toContain(number);
    }
  });

  it('migration 0015 numbers existing orders per company and Kyiv year, in the order they were placed', async () => {
    const db = suite.ctx.database.db;
    const member = await registerMember(suite.ctx.app);
    const placed = [];
    for (const name of ['А', 'Б', 'В'])
      placed.push(await kit.placeOrderFor(member, ['Перша'], name));
    // As before 0015: numbers that say nothing; the last order placed at 23:30 of 31 December UTC, which is
    // already 1 January in Kyiv.
    await db.execute(
      sql`update orders set number = number + 1000, number_year = 1999 where identifier in (${sql.join(
        placed.map((identifier) => sql`${identifier}`),
        sql`, `,
      )})`,
    );
    await db.execute(
      sql`update orders set created_at = '2026-12-31T23:30:00Z' where identifier = ${placed[2] ?? ''}`,
    );
    const migration = readFileSync(
      new URL('../drizzle/0015_order_numbers.sql', import.meta.url),
      'utf8',
    );
    const [backfill] = migration
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('UPDATE "orders"'));
    expect(backfill).toBeDefined();
    await db.execute(sql.raw(backfill ?? ''));
    const numbers = new Map((await listOf(member)).map((item) => [item.identifier, item.number]));
    expect(placed.map((identifier) => numbers.get(identifier))).toEqual([
      `З-${YEAR}-0001`,
      `З-${YEAR}-0002`,
      'З-2027-0001',
    ]);
  });
});
