import { WORKED_EXAMPLE_COST } from '@medcalc/domain';
import { describe, expect, it } from 'vitest';
import { figuresFrom, windowStart } from './comparison-figures';

describe('windowStart', () => {
  it('is the Kyiv day 24 months back', () => {
    expect(windowStart(new Date('2026-11-22T10:00:00Z'))).toBe('2024-11-22');
    // 23:30 UTC on 31 December is already 1 January in Kyiv.
    expect(windowStart(new Date('2026-12-31T23:30:00Z'))).toBe('2025-01-01');
    // 29 February has no day 24 months back: the 28th.
    expect(windowStart(new Date('2028-02-29T12:00:00Z'))).toBe('2026-02-28');
  });
});

describe('figuresFrom', () => {
  const service = (
    templateId: number,
    effectiveDate: string,
    revision: number,
    summary: string,
  ) => ({
    templateId,
    cost: { ...WORKED_EXAMPLE_COST, summaryWithProfit: summary, price: undefined },
    minutes: 35,
    effectiveDate,
    revision,
  });

  it('keeps, per template, the latest approval by its date, then by revision', () => {
    const figures = figuresFrom([
      service(1, '2026-03-01', 1, '100.00'),
      service(1, '2026-05-01', 1, '200.00'),
      service(1, '2026-05-01', 2, '300.00'),
      service(1, '2026-04-01', 3, '400.00'),
      service(2, '2025-01-01', 1, '500.00'),
    ]);
    expect(figures.map((figure) => [figure.templateId, figure.tariff, figure.approvedOn])).toEqual([
      [1, '300.00', '2026-05-01'],
      [2, '500.00', '2025-01-01'],
    ]);
    expect(figures[0]?.minutes).toBe(35);
    expect(Object.keys(figures[0]?.shares ?? {})).toEqual([
      'labour',
      'esv',
      'materials',
      'overhead',
      'profit',
    ]);
  });
});
