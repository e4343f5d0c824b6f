import { describe, expect, it } from 'vitest';
import { toDecimal } from '../common/money';
import { costStructure } from './cost-structure';
import { WORKED_EXAMPLE_COST, WORKED_EXAMPLE_EQUIPMENT_COST } from './worked-example';

describe('costStructure', () => {
  it('sums the worked example’s stored rows into parts that add up to its tariff', () => {
    const { lines, total } = costStructure([WORKED_EXAMPLE_COST, WORKED_EXAMPLE_COST]);
    const cost = WORKED_EXAMPLE_COST;
    expect(total).toBe(toDecimal(cost.summaryWithProfit).times(2).toFixed(2));
    const byKey = Object.fromEntries(lines.map((line) => [line.key, line.amount]));
    expect(byKey).toEqual({
      labour: toDecimal(cost.labour).plus(cost.additionalLabour).times(2).toFixed(2),
      esv: toDecimal(cost.esv).times(2).toFixed(2),
      materials: toDecimal(cost.materials).times(2).toFixed(2),
      overhead: toDecimal(cost.overhead).times(2).toFixed(2),
      profit: toDecimal(cost.profit).times(2).toFixed(2),
    });
    const parts = lines.reduce((sum, line) => sum.plus(line.amount), toDecimal(0));
    expect(parts.toFixed(2)).toBe(total);
    const shares = lines.reduce((sum, line) => sum.plus(line.share), toDecimal(0));
    expect(shares.minus(100).abs().lessThanOrEqualTo(0.03)).toBe(true);
  });

  it('adds the equipment’s depreciation after the materials where a service has it, so the parts still add up', () => {
    const { lines, total } = costStructure([WORKED_EXAMPLE_EQUIPMENT_COST, WORKED_EXAMPLE_COST]);
    // 328,28 + 279,84
    expect(total).toBe('608.12');
    expect(lines.map((line) => [line.key, line.amount])).toEqual([
      ['labour', '284.52'],
      ['esv', '62.60'],
      ['materials', '50.80'],
      ['depreciation', '42.12'],
      ['overhead', '88.76'],
      ['profit', '79.32'],
    ]);
    const parts = lines.reduce((sum, line) => sum.plus(line.amount), toDecimal(0));
    expect(parts.toFixed(2)).toBe(total);
    // 42,12 / 608,12 = 6,926…%
    expect(lines.find((line) => line.key === 'depreciation')?.share).toBe('6.93');
  });

  it('gives shares of 0 when there is nothing to share', () => {
    const { lines, total } = costStructure([]);
    expect(total).toBe('0.00');
    expect(lines.every((line) => line.share === '0.00')).toBe(true);
  });
});
