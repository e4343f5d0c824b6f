import { describe, expect, it } from 'vitest';
import { formatStaffRateLabel } from './staff-rate-label';

describe('formatStaffRateLabel', () => {
  it('joins qualification, category and degree, «немає» included', () => {
    expect(
      formatStaffRateLabel({
        qualification: 'Лікар з ультразвукової діагностики',
        category: 'без категорії',
        scientificDegree: 'немає',
      }),
    ).toBe('Лікар з ультразвукової діагностики, без категорії, немає');
  });

  it('trims the parts', () => {
    expect(
      formatStaffRateLabel({
        qualification: ' Лікар-терапевт ',
        category: 'вища',
        scientificDegree: 'кандидат медичних наук ',
      }),
    ).toBe('Лікар-терапевт, вища, кандидат медичних наук');
  });
});
