import type { PillLine } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import {
  materialLineCostOrNull,
  materialsTotalOrNull,
  unitChangedMessage,
} from './material-line-cost';

const line = (spend: unknown, price: unknown = 0.18): PillLine =>
  ({ id: 1, name: 'Антисептик', price, spend, measurement_type: 'мл' }) as PillLine;

describe('a rejected value never enters a sum (issue 23)', () => {
  it('costs a valid line, 2,5 мл included, to the kopeck', () => {
    expect(materialLineCostOrNull(line(2.5))?.toFixed(2)).toBe('0.45');
    expect(materialLineCostOrNull(line(5))?.toFixed(2)).toBe('0.90');
  });

  it('has no cost while the quantity or the price is not valid, and neither has the total', () => {
    for (const bad of [null, '2,5x', -1, 0.0001]) {
      expect(materialLineCostOrNull(line(bad))).toBeNull();
      expect(materialsTotalOrNull([line(5), line(bad)])).toBeNull();
    }
    expect(materialLineCostOrNull(line(5, null))).toBeNull();
    expect(materialsTotalOrNull([line(5), line(2.5)])?.toFixed(2)).toBe('1.35');
  });

  it('has no cost while a change of unit is unconfirmed', () => {
    expect(materialLineCostOrNull({ ...line(5), unitChangedFrom: 'мл' })).toBeNull();
    expect(unitChangedMessage('мл', 'саше')).toBe(
      'Перевірте кількість: одиниця змінилась з мл на саше.',
    );
  });
});
