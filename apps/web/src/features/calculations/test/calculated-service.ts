import type { CalculatedService } from '@medcalc/domain';

/** A calculated service of a formed order, its code and identifier made from `id`; `extra` changes any field. */
export const calculatedService = (
  id: number,
  name: string,
  extra: Partial<CalculatedService> = {},
): CalculatedService => ({
  id,
  identifier: `clc-${String(id).padStart(4, '0')}`,
  code: String(id).padStart(5, '0'),
  name,
  categoryName: 'Ультразвукова діагностика',
  orderIdentifier: 'ord-0007',
  orderName: 'Розрахунок для: 22.11.2026',
  orderStatus: 'formed',
  summary: '243.34',
  summaryWithProfit: '279.84',
  tariff: '279.84',
  created_at: '2026-11-22T08:15:00.000Z',
  updated_at: '2026-11-23T09:45:00.000Z',
  ...extra,
});
