import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { orderStatusLabel } from './order-status-display';

describe('orderStatusLabel', () => {
  it('gives each of the six statuses its meaning (spec §4)', () => {
    expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual(
      ORDER_STATUSES.map((status) => ORDER_STATUS_LABELS[status]),
    );
    expect(orderStatusLabel('payed')).toBe('Оплачено, можна починати заповнення');
  });

  it('says “Статус не визначено” for any other value', () => {
    for (const value of ['archived', '', 'paid', 'PAYED', 'constructor']) {
      expect(orderStatusLabel(value)).toBe('Статус не визначено');
    }
  });
});
