import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCalculation, OrderDetail, ProfitabilityResult } from '@medcalc/domain';
import { calculations, companies, serviceNumberCounters } from '../src/db/schema';
import { registerUser } from './helper';
import { useTwoCompanies, WORKED_INFO, workedCalculations, type Member } from './worked-orders';

/*
 * Issue 23: a service's code is its number inside its company. A company's first service is 00001 whatever other
 * companies hold, and orders placed at the same moment never share a number.
 */

const suite = useTwoCompanies();
const { kit } = suite;

const codesOf = (detail: OrderDetail) =>
  Object.values(detail.calculations).flatMap((items) => items.map((item) => item.code));

/** The stored service numbers of the company of `member`, ascending. */
async function numbersOf(companyIdentifier: string) {
  const db = suite.ctx.database.db;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.identifier, companyIdentifier));
  const rows = await db
    .select({ orderId: calculations.orderId, serviceNumber: calculations.serviceNumber })
    .from(calculations)
    .where(eq(calculations.companyId, company?.id ?? 0));
  return rows.sort((a, b) => a.serviceNumber - b.serviceNumber);
}

async function freshMember(): Promise<Member> {
  const { agent, user, payload } = await registerUser(suite.ctx.app);
  return { agent, company: user.companyIdentifier, userId: user.id, email: payload.email };
}

describe('service codes per institution (issue 23)', () => {
  it("numbers each company's services from 00001, whatever another company has", async () => {
    const alice = await kit.paidOrderFor(suite.alice, ['Перша', 'Друга']);
    const bob = await kit.paidOrderFor(suite.bob, ['Послуга Боба']);
    const aliceAgain = await kit.paidOrderFor(suite.alice, ['Третя']);

    expect(codesOf(alice)).toEqual(['00001', '00002']);
    expect(codesOf(bob)).toEqual(['00001']);
    expect(codesOf(aliceAgain)).toEqual(['00003']);
  });

  it('shows the same code in the preview and in the admin list', async () => {
    const member = await freshMember();
    const detail = await kit.paidOrderFor(member, ['УЗД органів черевної порожнини']);
    const calcs = workedCalculations(detail);

    const preview = await member.agent.post('/api/calculations/calculate-online', {
      companyInfo: JSON.stringify(WORKED_INFO),
      calculations: JSON.stringify(calcs),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const [group] = preview.json() as ProfitabilityResult;
    expect(group?.calculations.map((service) => service.companyId)).toEqual(['00001']);

    const list = await suite.admin.get(
      `/api/company/${member.company}/calculations/calculations-list`,
    );
    expect((list.json() as AdminCalculation[]).map((row) => row.companyCode)).toEqual(['00001']);
  });

  it("gives no code in the preview to another company's service id", async () => {
    const bobs = await kit.paidOrderFor(suite.bob, ['Чужа послуга']);
    const [category, [foreign]] = Object.entries(workedCalculations(bobs))[0] ?? ['', []];
    if (!foreign) throw new Error('setup');
    const preview = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: JSON.stringify(WORKED_INFO),
      calculations: JSON.stringify({ [category]: [foreign] }),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as ProfitabilityResult)[0]?.calculations[0]?.companyId).toBe('');
  });

  it('gives orders placed at the same moment distinct, consecutive numbers', async () => {
    const member = await freshMember();
    const names = (order: string) => [1, 2, 3].map((n) => `${order} ${n}`);
    const placed = await Promise.all(
      ['А', 'Б', 'В', 'Г'].map((order) => kit.placeOrderFor(member, names(order), order)),
    );
    expect(placed).toHaveLength(4);

    const rows = await numbersOf(member.company);
    expect(rows.map((row) => row.serviceNumber)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    // Each order's three services took a run of three numbers, not numbers interleaved with another order's.
    const runs = placed.map((_, index) => rows.slice(index * 3, index * 3 + 3));
    for (const run of runs) expect(new Set(run.map((row) => row.orderId)).size).toBe(1);

    const [counter] = await suite.ctx.database.db
      .select({ lastNumber: serviceNumberCounters.lastNumber })
      .from(serviceNumberCounters)
      .innerJoin(companies, eq(companies.id, serviceNumberCounters.companyId))
      .where(eq(companies.identifier, member.company));
    expect(counter?.lastNumber).toBe(12);
  });

  it('continues after the last number when an order is duplicated, and never reuses a deleted one', async () => {
    const member = await freshMember();
    const first = await kit.placeOrderFor(member, ['Одна', 'Дві']);
    const removed = await member.agent.delete(`/api/orders/${first}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const next = await kit.paidOrderFor(member, ['Три']);
    expect(codesOf(next)).toEqual(['00003']);

    const duplicated = await member.agent.post('/api/orders/duplicate', {
      identifier: next.identifier,
    });
    expect(duplicated.statusCode, duplicated.body).toBe(200);
    expect((await numbersOf(member.company)).map((row) => row.serviceNumber)).toEqual([3, 4]);
  });
});
