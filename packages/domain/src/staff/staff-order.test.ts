import { describe, expect, it } from 'vitest';

import { compareStaffRates } from './staff-order';

const listed = {
  id: 2,
  qualification: 'Лікар',
  category: 'без категорії',
  scientific_degree: 'немає',
};

const sorted = (rows: ReadonlyArray<typeof listed>) =>
  [...rows].sort(compareStaffRates).map((row) => row.id);

describe('compareStaffRates (the staffing table on /staff and in its export)', () => {
  it('orders qualifications in the Ukrainian alphabet, case aside', () => {
    const names = [
      'Яхтсмен',
      'Їдальник',
      'лікар',
      'Єгер',
      'Ґудзикар',
      'Іридолог',
      'Акушер',
      'Иконописець',
    ];
    const rows = names.map((qualification, id) => ({ ...listed, id, qualification }));
    expect(sorted(rows).map((id) => names[id])).toEqual([
      'Акушер',
      'Ґудзикар',
      'Єгер',
      'Иконописець',
      'Іридолог',
      'Їдальник',
      'лікар',
      'Яхтсмен',
    ]);
  });

  it('orders one qualification by category as listed (вища first), then degree, then id', () => {
    const rows = [
      { ...listed, id: 1 },
      { ...listed, id: 2, category: 'друга' },
      { ...listed, id: 3, category: 'вища', scientific_degree: 'доктор медичних наук' },
      { ...listed, id: 4, qualification: 'лікар', category: 'перша' },
      { ...listed, id: 5, category: 'вища' },
      { ...listed, id: 6, category: 'вища', scientific_degree: 'кандидат медичних наук' },
    ];
    expect(sorted(rows)).toEqual([5, 6, 3, 4, 2, 1]);
  });

  it('puts categories and degrees outside the lists after the listed ones', () => {
    const other = { ...listed, id: 1, category: 'спеціаліст' };
    expect(compareStaffRates(listed, other)).toBeLessThan(0);
    expect(
      compareStaffRates({ ...listed, scientific_degree: 'PhD' }, { ...listed, id: 3 }),
    ).toBeGreaterThan(0);
  });
});
