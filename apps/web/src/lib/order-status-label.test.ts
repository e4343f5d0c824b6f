import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';

import { orderStatusLabel } from './order-status-label';

describe('orderStatusLabel', () => {
  it.each(ORDER_STATUSES)('gives %s its meaning (spec §4)', (status) => {
    expect(orderStatusLabel(status)).toBe(ORDER_STATUS_LABELS[status]);
  });

  it.each(['archived', '', 'paid', 'PAYED', 'constructor'])(
    'says “Статус не визначено” for %j',
    (value) => {
      expect(orderStatusLabel(value)).toBe('Статус не визначено');
    },
  );
});
