import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo, type CompanyInfo } from '../company/company-info.schema';
import type { CalculationContent, PillLine, StuffLine } from './calculation.schema';
import {
  computeInstitutionCoefficients,
  computeMaterialLineCost,
  computeServiceCost,
  computeStaffLineCost,
  validateForCalculation,
} from './compute-service-cost';

/** The institution of the worked example in docs/methodology.md (UAH per year, m², percent). */
const WORKED_EXAMPLE_INFO: CompanyInfo = {
  ...emptyCompanyInfo(),
  medical_staff_salary_fund: 14_400_000,
  supply_staff_salary_fund: 3_000_000,
  food_service_staff_salary_fund: 600_000,
  general_staff_salary_fund: 2_400_000,
  administrative_staff_salary_fund: 1_800_000,
  actual_amount_for_leave_payment: 1_776_000,
  operational_expenses: 3_600_000,
  general_depreciation: 1_500_000,
  other_general_expenses: 500_000,
  other_administrative_expenses: 700_000,
  advertising_material_creation_and_placement_budget: 300_000,
  other_direct_expenses: 0,
  rented_by_external_organizations_area: 300,
  medical_service_rooms_area: 2_400,
  patient_bedwards_area: 3_000,
  kitchen_and_canteen_area: 400,
  other_areas: 900,
  unified_social_security_contribution_rate: 22,
  total_number_of_beds: 120,
};

const staffLine = (overrides: Partial<StuffLine>): StuffLine => ({
  quality: { id: 1, name: 'Лікар' },
  salary: 20_000,
  timeSpend: 30,
  conditionPercent: 0,
  workingDay: 7.7,
  ...overrides,
});

const pillLine = (price: number, spend: number): PillLine => ({
  id: 1,
  name: 'Матеріал',
  price,
  spend,
  measurement_type: 'шт',
});

/** «УЗД органів черевної порожнини» of the worked example. */
const ULTRASOUND_CONTENT: CalculationContent = {
  bonus: 20,
  profit: 15,
  stuff: [
    staffLine({
      quality: { id: 1, name: 'Лікар з ультразвукової діагностики' },
      conditionPercent: 10,
    }),
    staffLine({ quality: { id: 2, name: 'Сестра медична' }, salary: 13_500 }),
  ],
  pills: [
    pillLine(0.34, 20),
    pillLine(7.5, 1),
    pillLine(9, 1),
    pillLine(0.3, 4),
    pillLine(0.18, 5),
  ],
};

describe('computeStaffLineCost', () => {
  it('costs the worked example lines per minute of staff time', () => {
    expect(computeStaffLineCost(ULTRASOUND_CONTENT.stuff[0] ?? staffLine({}), 20).toFixed(2)).toBe(
      '81.63',
    );
    expect(computeStaffLineCost(ULTRASOUND_CONTENT.stuff[1] ?? staffLine({}), 20).toFixed(2)).toBe(
      '50.09',
    );
  });

  it('is 0 when the salary is missing, zero or negative', () => {
    expect(computeStaffLineCost(staffLine({ salary: null }), 20).isZero()).toBe(true);
    expect(computeStaffLineCost(staffLine({ salary: 0 }), 20).isZero()).toBe(true);
    expect(computeStaffLineCost(staffLine({ salary: -100 }), 20).isZero()).toBe(true);
  });

  it('is 0 for zero minutes', () => {
    expect(computeStaffLineCost(staffLine({ timeSpend: 0 }), 20).isZero()).toBe(true);
  });

  it('rounds an exact half kopeck up where binary floats would round it down', () => {
    // 2415 × 1.1 × 1.2 / 21 / 360 × 15 = 6.325 exactly; in floats it is 6.324999999999999.
    const line = staffLine({ salary: 2415, conditionPercent: 10, workingDay: 6, timeSpend: 15 });
    expect((((2415 * 1.1 * 1.2) / 21 / 360) * 15).toFixed(2)).toBe('6.32');
    expect(computeStaffLineCost(line, 20).toFixed(2)).toBe('6.33');
  });
});

describe('computeMaterialLineCost', () => {
  it('multiplies price by spend without binary-float error', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(computeMaterialLineCost(pillLine(0.1, 3)).toFixed(2)).toBe('0.30');
    expect(computeMaterialLineCost(pillLine(0.34, 20)).toFixed(2)).toBe('6.80');
    expect(computeMaterialLineCost(pillLine(0.18, 5)).toFixed(2)).toBe('0.90');
    expect(computeMaterialLineCost(pillLine(1.15, 3)).toFixed(2)).toBe('3.45');
  });
});

describe('computeInstitutionCoefficients', () => {
  it('derives k_leave = 8 % and K = 33.6897 % for the worked example', () => {
    const coefficients = computeInstitutionCoefficients(WORKED_EXAMPLE_INFO);
    expect(coefficients.leaveCoefficient.toString()).toBe('0.08');
    expect(coefficients.esvRate.toString()).toBe('22');
    expect(coefficients.salaryFundsTotal.toString()).toBe('22200000');
    expect(coefficients.overheadPool.toString()).toBe('11724000');
    expect(coefficients.medicalAreaShare.toDecimalPlaces(6).toString()).toBe('0.413793');
    expect(coefficients.overheadCoefficient.times(100).toDecimalPlaces(4).toString()).toBe(
      '33.6897',
    );
    expect(coefficients.overheadMethod).toBe('computed');
    expect(coefficients.overheadBase).toBe('labour');
  });

  it('gives zero coefficients for empty institution data instead of throwing', () => {
    const coefficients = computeInstitutionCoefficients(emptyCompanyInfo());
    expect(coefficients.leaveCoefficient.isZero()).toBe(true);
    expect(coefficients.overheadCoefficient.isZero()).toBe(true);
    expect(coefficients.esvRate.isZero()).toBe(true);
    expect(coefficients.medicalAreaShare.isZero()).toBe(true);
  });

  it('adds other direct expenses to the overhead numerator', () => {
    const coefficients = computeInstitutionCoefficients({
      ...WORKED_EXAMPLE_INFO,
      other_direct_expenses: 144_000,
    });
    // One extra percent: 144,000 / 14,400,000.
    expect(coefficients.overheadCoefficient.times(100).toDecimalPlaces(4).toString()).toBe(
      '34.6897',
    );
  });

  it('takes a fixed overhead percent as the coefficient of the chosen base', () => {
    const coefficients = computeInstitutionCoefficients({
      ...WORKED_EXAMPLE_INFO,
      overhead_method: 'fixed',
      overhead_percent: 33,
      overhead_base: 'payroll',
    });
    expect(coefficients.overheadCoefficient.toString()).toBe('0.33');
    expect(coefficients.overheadBase).toBe('payroll');
  });

  it('treats a fixed method without a percent as 0', () => {
    const coefficients = computeInstitutionCoefficients({
      ...emptyCompanyInfo(),
      overhead_method: 'fixed',
    });
    expect(coefficients.overheadCoefficient.isZero()).toBe(true);
  });
});

describe('computeServiceCost', () => {
  it('reproduces every row of the worked example to the kopeck', () => {
    expect(computeServiceCost(WORKED_EXAMPLE_INFO, ULTRASOUND_CONTENT)).toEqual({
      staffLines: ['81.63', '50.09'],
      materialLines: ['6.80', '7.50', '9.00', '1.20', '0.90'],
      labour: '131.72',
      additionalLabour: '10.54',
      esv: '31.30',
      materials: '25.40',
      overhead: '44.38',
      summary: '243.34',
      profit: '36.50',
      summaryWithProfit: '279.84',
      rates: {
        leavePercent: '8.0000',
        esvPercent: '22.0000',
        overheadPercent: '33.6897',
        overheadMethod: 'computed',
        overheadBase: 'labour',
      },
    });
  });

  it('keeps a zero-salary line at 0 and still costs the others', () => {
    const content: CalculationContent = {
      ...ULTRASOUND_CONTENT,
      stuff: [...ULTRASOUND_CONTENT.stuff, staffLine({ salary: null }), staffLine({ salary: 0 })],
    };
    const cost = computeServiceCost(WORKED_EXAMPLE_INFO, content);
    expect(cost.staffLines).toEqual(['81.63', '50.09', '0.00', '0.00']);
    expect(cost.labour).toBe('131.72');
    expect(cost.summaryWithProfit).toBe('279.84');
  });

  it('computes with empty institution data: only labour, materials and profit remain', () => {
    const cost = computeServiceCost(emptyCompanyInfo(), ULTRASOUND_CONTENT);
    expect(cost.additionalLabour).toBe('0.00');
    expect(cost.esv).toBe('0.00');
    expect(cost.overhead).toBe('0.00');
    expect(cost.summary).toBe('157.12'); // 131.72 + 25.40
    expect(cost.profit).toBe('23.57'); // 157.12 × 15 % = 23.568
    expect(cost.summaryWithProfit).toBe('180.69');
    expect(cost.rates.overheadPercent).toBe('0.0000');
  });

  it('computes an empty calculation as zeros', () => {
    const cost = computeServiceCost(emptyCompanyInfo(), {
      bonus: 0,
      profit: 0,
      stuff: [],
      pills: [],
    });
    expect(cost.summaryWithProfit).toBe('0.00');
    expect(cost.staffLines).toEqual([]);
  });

  it('charges a fixed overhead percent on labour', () => {
    const cost = computeServiceCost(
      {
        ...WORKED_EXAMPLE_INFO,
        overhead_method: 'fixed',
        overhead_percent: 33,
        overhead_base: 'labour',
      },
      ULTRASOUND_CONTENT,
    );
    expect(cost.overhead).toBe('43.47'); // 131.72 × 33 % = 43.4676
    expect(cost.summary).toBe('242.43'); // 131.72 + 10.54 + 31.30 + 25.40 + 43.47
    expect(cost.profit).toBe('36.36'); // 36.3645
    expect(cost.summaryWithProfit).toBe('278.79');
    expect(cost.rates).toMatchObject({
      overheadPercent: '33.0000',
      overheadMethod: 'fixed',
      overheadBase: 'labour',
    });
  });

  it('charges a fixed overhead percent on payroll (L + A + E)', () => {
    const cost = computeServiceCost(
      {
        ...WORKED_EXAMPLE_INFO,
        overhead_method: 'fixed',
        overhead_percent: 33,
        overhead_base: 'payroll',
      },
      ULTRASOUND_CONTENT,
    );
    expect(cost.overhead).toBe('57.27'); // (131.72 + 10.54 + 31.30) × 33 % = 173.56 × 0.33 = 57.2748
    expect(cost.summary).toBe('256.23'); // 131.72 + 10.54 + 31.30 + 25.40 + 57.27
    expect(cost.profit).toBe('38.43'); // 38.4345
    expect(cost.summaryWithProfit).toBe('294.66');
  });

  it('sums the rounded rows, so the printed калькуляція adds up', () => {
    const cost = computeServiceCost(WORKED_EXAMPLE_INFO, ULTRASOUND_CONTENT);
    const kopecks = (value: string): number => Math.round(Number(value) * 100);
    expect(kopecks(cost.labour)).toBe(cost.staffLines.reduce((s, v) => s + kopecks(v), 0));
    expect(kopecks(cost.materials)).toBe(cost.materialLines.reduce((s, v) => s + kopecks(v), 0));
    expect(kopecks(cost.summary)).toBe(
      [cost.labour, cost.additionalLabour, cost.esv, cost.materials, cost.overhead].reduce(
        (s, v) => s + kopecks(v),
        0,
      ),
    );
    expect(kopecks(cost.summaryWithProfit)).toBe(kopecks(cost.summary) + kopecks(cost.profit));
  });

  it('rounds the profit half-up where binary floats would round it down', () => {
    // C = 1.90, 15 % of it is exactly 0.285; 1.9 * 15 / 100 in floats is 0.28499999999999998.
    expect(Math.round(((1.9 * 15) / 100) * 100) / 100).toBe(0.28);
    const cost = computeServiceCost(emptyCompanyInfo(), {
      bonus: 0,
      profit: 15,
      stuff: [],
      pills: [pillLine(1.9, 1)],
    });
    expect(cost.profit).toBe('0.29');
    expect(cost.summaryWithProfit).toBe('2.19');
  });

  it('rounds the leave row half-up on an exact half kopeck', () => {
    // L = 75,978 / 21 / 360 × 1 = 10.05 exactly; k_leave = 10 %, so A = 1.005 → 1.01.
    const cost = computeServiceCost(
      {
        ...emptyCompanyInfo(),
        medical_staff_salary_fund: 1_000_000,
        actual_amount_for_leave_payment: 100_000,
      },
      {
        bonus: 0,
        profit: 0,
        stuff: [staffLine({ salary: 75_978, workingDay: 6, timeSpend: 1 })],
        pills: [],
      },
    );
    expect(cost.labour).toBe('10.05');
    expect(cost.additionalLabour).toBe('1.01');
  });
});

describe('validateForCalculation', () => {
  it('accepts the worked example', () => {
    expect(validateForCalculation(WORKED_EXAMPLE_INFO, ULTRASOUND_CONTENT)).toEqual([]);
  });

  it('names every missing institution field and staff line in Ukrainian', () => {
    const content: CalculationContent = {
      ...ULTRASOUND_CONTENT,
      stuff: [
        staffLine({}),
        staffLine({ quality: null }),
        staffLine({ quality: { id: null, name: ' ' } }),
      ],
    };
    const issues = validateForCalculation(emptyCompanyInfo(), content);
    expect(issues.map((issue) => issue.field)).toEqual([
      'medical_staff_salary_fund',
      'unified_social_security_contribution_rate',
      'medical_service_rooms_area',
      'patient_bedwards_area',
      'kitchen_and_canteen_area',
      'stuff.1.quality',
      'stuff.2.quality',
    ]);
    expect(issues[0]?.message).toContain('фонд оплати праці медичного персоналу');
    expect(issues[1]?.message).toContain('ЄСВ');
    expect(issues[5]?.message).toContain('рядок 2');
  });

  it('refuses a zero medical staff fund but accepts zero bed-ward and kitchen areas', () => {
    const info = {
      ...WORKED_EXAMPLE_INFO,
      medical_staff_salary_fund: 0,
      patient_bedwards_area: 0,
      kitchen_and_canteen_area: 0,
    };
    expect(validateForCalculation(info, ULTRASOUND_CONTENT).map((issue) => issue.field)).toEqual([
      'medical_staff_salary_fund',
    ]);
  });

  it('requires the percent of a fixed overhead method', () => {
    const info: CompanyInfo = {
      ...WORKED_EXAMPLE_INFO,
      overhead_method: 'fixed',
      overhead_percent: null,
    };
    expect(validateForCalculation(info, ULTRASOUND_CONTENT).map((issue) => issue.field)).toEqual([
      'overhead_percent',
    ]);
  });
});
