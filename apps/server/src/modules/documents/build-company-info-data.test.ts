import { describe, expect, it } from 'vitest';
import {
  COMPANY_INFO_LABELS,
  emptyCompanyInfo,
  WORKED_EXAMPLE_FIXED_OVERHEAD,
  type CompanyInfo,
} from '@medcalc/domain';
import { WORKED_INFO, workedExampleSource } from '../../../test/document-fixtures';
import { buildCompanyInfoData } from './build-company-info-data';

const NBSP = '\u00a0';

const build = (info: CompanyInfo = WORKED_INFO) =>
  buildCompanyInfoData(workedExampleSource({ info }));

const figure = <Row extends { label: string }>(rows: readonly Row[], label: RegExp): Row => {
  const row = rows.find((candidate) => label.test(candidate.label));
  if (!row) throw new Error(`no row ${label}`);
  return row;
};

describe('buildCompanyInfoData', () => {
  it('prints every institution field once, with its label', () => {
    const data = build();
    const labels = data.sections.flatMap((section) => section.rows.map((row) => row.label));
    expect([...labels].sort()).toEqual(Object.values(COMPANY_INFO_LABELS).sort());
  });

  it('writes the values uk-UA style, the financing form by name and blanks as dashes', () => {
    const rows = build().sections.flatMap((section) => section.rows);
    const value = (field: keyof typeof COMPANY_INFO_LABELS) =>
      rows.find((row) => row.label === COMPANY_INFO_LABELS[field])?.value;
    expect(value('medical_staff_salary_fund')).toBe(`14${NBSP}400${NBSP}000,00`);
    expect(value('medical_service_rooms_area')).toBe(`2${NBSP}400,00`);
    expect(value('unified_social_security_contribution_rate')).toBe('22,00');
    expect(value('total_number_of_beds')).toBe('120');
    expect(value('form')).toBe('Бюджетна');
    // The settlement account in groups of four, as on the invoice (issue 33).
    expect(value('payment_code')).toBe('UA21 3223 1300 0002 6007 2335 6600 1');
    expect(value('inpatient_stay_costs')).toBe('—');
    expect(value('overhead_method')).toBe('Розраховувати з даних закладу');
    expect(value('overhead_percent')).toBe('—');
  });

  it('derives the worked example’s coefficients with their formulas (docs/methodology.md)', () => {
    const { rows } = build().coefficients;
    expect(figure(rows, /Коефіцієнт відпусток/).value).toBe('8,0000 %');
    expect(figure(rows, /Коефіцієнт відпусток/).formula).toMatch(/відпусток \/ ΣФОП/);
    expect(figure(rows, /Ставка ЄСВ/).value).toBe('22,00 %');
    expect(figure(rows, /ΣФОП/).value).toBe(`22${NBSP}200${NBSP}000,00`);
    // частка медичної площі = 2 400 / (2 400 + 3 000 + 400)
    expect(figure(rows, /Частка медичної площі/).value).toBe('41,3793 %');
    expect(figure(rows, /накладних витрат K/).value).toBe('33,6897 %');
    expect(figure(rows, /накладних витрат K/).formula).toMatch(/ФОП медичного персоналу/);
    for (const row of rows) expect(row.formula).not.toBe('');
  });

  it('shows the fixed overhead percent and its base when the institution fixed one', () => {
    const data = build({ ...WORKED_INFO, ...WORKED_EXAMPLE_FIXED_OVERHEAD });
    const k = figure(data.coefficients.rows, /накладних витрат K/);
    expect(k.label).toMatch(/фіксований/);
    expect(k.value).toBe('33,0000 %');
    expect(k.formula).toMatch(/L \+ A \+ E/);
    const overhead = data.sections.find((section) => section.title === 'Накладні витрати');
    expect(overhead?.rows.map((row) => row.value)).toEqual([
      'Фіксований відсоток',
      '33,00',
      'Основна і додаткова заробітна плата з ЄСВ',
    ]);
  });

  it('prints the bed-day figures of the domain, and dashes without beds', () => {
    const { rows } = build().bedDay;
    expect(figure(rows, /ліжко-днів/).value).toBe(`43${NBSP}800`);
    expect(figure(rows, /перебування за ліжко-день/).value).toMatch(/^\d+,\d{2}$/);
    const none = build({ ...WORKED_INFO, total_number_of_beds: null }).bedDay.rows;
    expect(figure(none, /ліжко-днів/).value).toBe('0');
    expect(figure(none, /перебування за ліжко-день/).value).toBe('—');
    expect(figure(none, /харчування за ліжко-день/).value).toBe('—');
  });

  it('answers for empty institution data without failing (every coefficient 0)', () => {
    const data = build(emptyCompanyInfo());
    expect(figure(data.coefficients.rows, /Коефіцієнт відпусток/).value).toBe('0,0000 %');
    expect(figure(data.coefficients.rows, /накладних витрат K/).value).toBe('0,0000 %');
  });
});
