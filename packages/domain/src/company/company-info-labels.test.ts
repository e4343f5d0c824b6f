import { describe, expect, it } from 'vitest';
import {
  AREA_ROWS,
  COMPANY_INFO_LABELS,
  COMPANY_INFO_TEXT_FIELDS,
  EXPENSE_SECTIONS,
} from './company-info-labels';
import { AREA_FIELDS, EXPENSE_FIELDS, emptyCompanyInfo } from './company-info.schema';

describe('company info labels', () => {
  it('labels every field of the institution data, in Ukrainian', () => {
    expect(Object.keys(COMPANY_INFO_LABELS).sort()).toEqual(Object.keys(emptyCompanyInfo()).sort());
    for (const label of Object.values(COMPANY_INFO_LABELS))
      expect(label).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
  });

  it('places every expense field in exactly one section and every area in the area rows', () => {
    const placed = EXPENSE_SECTIONS.flatMap((section) => section.fields);
    expect([...placed].sort()).toEqual([...EXPENSE_FIELDS].sort());
    expect(new Set(placed).size).toBe(placed.length);
    expect([...AREA_ROWS].sort()).toEqual([...AREA_FIELDS].sort());
  });

  it('lists the general fields once each', () => {
    expect(new Set(COMPANY_INFO_TEXT_FIELDS).size).toBe(COMPANY_INFO_TEXT_FIELDS.length);
  });
});
