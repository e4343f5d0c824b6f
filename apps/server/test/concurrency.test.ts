import { describe, expect, it } from 'vitest';
import type { CompanyInfo, OrderDetail } from '@medcalc/domain';
import {
  WORKED_INFO,
  firstGroup,
  saveBody,
  workedCalculations,
  useTwoCompanies,
} from './worked-orders';

/*
 * Issue 12 "Concurrency": saves of one order racing each other. Save runs in one transaction with the order row
 * locked (SELECT … FOR UPDATE), so they run one after another and each writes the whole draft: the order ends as
 * exactly one of the saves, never a mix. There is no version check: a save made from an older copy of the order
 * overwrites a newer one (last write wins, README "Several people on one order").
 */

// Bob's company is opened too and left alone: only Alice's orders race here.
const suite = useTwoCompanies();
const { paidOrderFor, orderRow, calculationRows, historyOf } = suite.kit;

/** Save number `n`: every field it writes carries `n` (name, institution data, each service's name and bonus). */
function variant(detail: OrderDetail, n: number) {
  const [category, services] = firstGroup(workedCalculations(detail));
  const info: CompanyInfo = { ...WORKED_INFO, name: `Заклад ${n}`, total_number_of_beds: 100 + n };
  return saveBody(
    detail,
    {
      [category]: services.map((service, index) => ({
        ...service,
        name: `Послуга ${index + 1} варіант ${n}`,
        calculation: { ...service.calculation, bonus: n, profit: 10 + (n % 7) },
      })),
    },
    info,
    `Замовлення варіант ${n}`,
  );
}

/** Which save the stored order is, checked field by field: every field must name the same one. */
async function storedVariant(identifier: string): Promise<number> {
  const order = await orderRow(identifier);
  const n = Number(/варіант (\d+)$/.exec(order.name)?.[1]);
  expect(Number.isInteger(n)).toBe(true);
  const info = order.companyInfo as CompanyInfo;
  expect(info.name).toBe(`Заклад ${n}`);
  expect(info.total_number_of_beds).toBe(100 + n);
  const rows = await calculationRows(identifier);
  expect(rows.length).toBeGreaterThan(1);
  rows.forEach((row, index) => {
    expect(row.name).toBe(`Послуга ${index + 1} варіант ${n}`);
    expect(row.content.bonus).toBe(n);
    expect(row.content.profit).toBe(10 + (n % 7));
  });
  return n;
}

describe('saves of one order racing each other', () => {
  it('50 parallel saves with different contents leave exactly one of them, whole', async () => {
    const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга', 'Третя']);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        suite.alice.agent.post('/api/calculations/save', variant(detail, n + 1)),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const winner = await storedVariant(detail.identifier);
    expect(winner).toBeGreaterThanOrEqual(1);
    expect(winner).toBeLessThanOrEqual(50);
    // One history row for the one status change (payed → saved): the other 49 saved a `saved` order.
    expect(await historyOf(detail.identifier)).toHaveLength(3);
    expect((await orderRow(detail.identifier)).status).toBe('saved');
  });

  it('a save from an older copy of the order overwrites a newer save (last write wins)', async () => {
    const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга']);
    // Two people open the order; the second saves first, then the first saves what they had.
    const newer = await suite.alice.agent.post('/api/calculations/save', variant(detail, 2));
    expect(newer.statusCode, newer.body).toBe(200);
    expect(await storedVariant(detail.identifier)).toBe(2);
    const stale = await suite.alice.agent.post('/api/calculations/save', variant(detail, 1));
    expect(stale.statusCode, stale.body).toBe(200);
    expect(await storedVariant(detail.identifier)).toBe(1);
  });
});
