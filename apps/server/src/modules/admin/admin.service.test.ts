import { describe, expect, it } from 'vitest';
import type { StuffLine } from '@medcalc/domain';
import type { StaffPositionRow } from '../staff/staff.service';
import { mapStaffOntoTemplates } from './admin.service';

const row = (
  id: number,
  qualification: string,
  templateId: number | null = null,
  salary = '20000.00',
): StaffPositionRow => ({
  id,
  templateId,
  qualification,
  category: 'вища',
  scientificDegree: 'немає',
  salary,
});

const TEMPLATE = [row(1, 'Лікар-терапевт', null, '24000.00'), row(2, 'Сестра медична')];
const line = (quality: StuffLine['quality'], salary: number | null = 30_000): StuffLine => ({
  quality,
  salary,
  timeSpend: 12,
  conditionPercent: 5,
  workingDay: 7.7,
});

describe('mapStaffOntoTemplates', () => {
  it('takes the template row a company row was copied from, with the template salary', () => {
    const company = new Map([[101, row(101, 'Лікар-терапевт', 1, '31000.00')]]);
    expect(mapStaffOntoTemplates([line({ id: 101, name: 'x' })], company, TEMPLATE)).toEqual([
      { ...line({ id: 1, name: 'Лікар-терапевт, вища, немає' }), salary: 24_000 },
    ]);
  });

  it("matches the company's own row by position, case aside", () => {
    const company = new Map([[102, row(102, '  сестра   МЕДИЧНА ')]]);
    expect(mapStaffOntoTemplates([line({ id: 102, name: 'x' })], company, TEMPLATE)).toEqual([
      { ...line({ id: 2, name: 'Сестра медична, вища, немає' }), salary: 20_000 },
    ]);
  });

  it('matches a line whose row is gone by its stored name', () => {
    expect(
      mapStaffOntoTemplates(
        [line({ id: 999, name: 'лікар-терапевт, вища, немає' })],
        new Map(),
        TEMPLATE,
      ),
    ).toEqual([{ ...line({ id: 1, name: 'Лікар-терапевт, вища, немає' }), salary: 24_000 }]);
  });

  it('keeps the name without a row or salary when the templates lack the position', () => {
    const company = new Map([[103, row(103, 'Лікар-сомнолог')]]);
    expect(mapStaffOntoTemplates([line({ id: 103, name: 'x' })], company, TEMPLATE)).toEqual([
      line({ id: null, name: 'Лікар-сомнолог, вища, немає' }, null),
    ]);
    expect(mapStaffOntoTemplates([line(null)], company, TEMPLATE)).toEqual([line(null, null)]);
  });
});
