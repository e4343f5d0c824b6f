import { describe, expect, it } from 'vitest';
import { formatStaffRateLabel } from './staff-rate-label';

describe('formatStaffRateLabel', () => {
  it.each([
    {
      title: 'joins qualification, category and degree, «немає» included',
      parts: {
        qualification: 'Лікар з ультразвукової діагностики',
        category: 'без категорії',
        scientificDegree: 'немає',
      },
      label: 'Лікар з ультразвукової діагностики, без категорії, немає',
    },
    {
      title: 'trims the parts',
      parts: {
        qualification: ' Лікар-терапевт ',
        category: 'вища',
        scientificDegree: 'кандидат медичних наук ',
      },
      label: 'Лікар-терапевт, вища, кандидат медичних наук',
    },
  ])('$title', ({ parts, label }) => {
    expect(formatStaffRateLabel(parts)).toBe(label);
  });
});
