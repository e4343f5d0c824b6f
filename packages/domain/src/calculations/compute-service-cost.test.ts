import { describe, expect, it } from 'vitest';
import { toDecimal } from '../common/money';
import { emptyCompanyInfo, type CompanyInfo } from '../company/company-info.schema';
import type { CalculationContent, PillLine, StuffLine } from './calculation.schema';
import {
  computeEquipmentLineCost,
  computeInstitutionCoefficients,
  computeMaterialLineCost,
  computeOrderCosts,
  computeServiceCost,
  computeStaffLineCost,
  equipmentMinuteRate,
  validateForCalculation,
} from './compute-service-cost';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_FIXED_OVERHEAD,
  WORKED_EXAMPLE_CONTENT,
  WORKED_EXAMPLE_COST,
  WORKED_EXAMPLE_EQUIPMENT_CONTENT,
  WORKED_EXAMPLE_EQUIPMENT_COST,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  WORKED_EXAMPLE_STAFF_LINES,
} from './worked-example';
import { INSTITUTION_B } from './institution-b.fixture';

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

describe('computeStaffLineCost', () => {
  it('costs the worked example lines per minute of staff time', () => {
    const [doctor, nurse] = WORKED_EXAMPLE_STAFF_LINES;
    expect(computeStaffLineCost(doctor, 20).toFixed(2)).toBe('81.63');
    expect(computeStaffLineCost(nurse, 20).toFixed(2)).toBe('50.09');
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
  });

  // A spend with up to three decimals (issue 23) and a price with up to four (issue 33); each line is rounded
  // half-up to kopecks, an exact half kopeck going up.
  it.each([
    [0.34, 20, '6.80'],
    [0.18, 5, '0.90'],
    [1.15, 3, '3.45'],
    [0.18, 2.5, '0.45'],
    [0.3, 0.02, '0.01'], // 0,006 → 0,01
    [7.77, 0.125, '0.97'], // 0,971 25 → 0,97
    [0.01, 0.5, '0.01'], // 0,005 → 0,01
    [0.01, 0.499, '0.00'], // 0,004 99 → 0,00
    [2.375, 3, '7.13'], // a reagent at 2,375 грн/мл: 7,125 → 7,13
    [2.375, 2, '4.75'],
    [2.375, 0.25, '0.59'], // 0,593 75 → 0,59
    [0.0125, 0.4, '0.01'], // 0,005 → 0,01
    [0.0125, 0.399, '0.00'], // 0,004 987 5 → 0,00
  ])('costs %s грн × %s as %s грн', (price, spend, cost) => {
    expect(computeMaterialLineCost(pillLine(price, spend)).toFixed(2)).toBe(cost);
  });

  it.each([
    [
      [pillLine(2.375, 3), pillLine(0.0125, 0.4), pillLine(0.34, 20)],
      ['7.13', '0.01', '6.80'],
      '13.94',
    ],
    [
      [pillLine(0.18, 2.5), pillLine(0.01, 0.5), pillLine(0.3, 0.02)],
      ['0.45', '0.01', '0.01'],
      '0.47',
    ],
  ])(
    'sums the rounded lines into the materials row of the service (case %#)',
    (pills, lines, materials) => {
      const cost = computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, {
        bonus: 0,
        profit: 0,
        stuff: [],
        pills,
      });
      expect(cost.materialLines).toEqual(lines);
      expect(cost.materials).toBe(materials);
    },
  );
});

describe('computeInstitutionCoefficients', () => {
  it('derives k_leave = 8 % and K = 33.6897 % for the worked example', () => {
    const coefficients = computeInstitutionCoefficients(WORKED_EXAMPLE_COMPANY_INFO);
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
      ...WORKED_EXAMPLE_COMPANY_INFO,
      other_direct_expenses: 144_000,
    });
    // One extra percent: 144,000 / 14,400,000.
    expect(coefficients.overheadCoefficient.times(100).toDecimalPlaces(4).toString()).toBe(
      '34.6897',
    );
  });

  it('takes a fixed overhead percent as the coefficient of the chosen base', () => {
    const coefficients = computeInstitutionCoefficients({
      ...WORKED_EXAMPLE_COMPANY_INFO,
      ...WORKED_EXAMPLE_FIXED_OVERHEAD,
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
    expect(computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, WORKED_EXAMPLE_CONTENT)).toEqual(
      WORKED_EXAMPLE_COST,
    );
  });

  it('keeps a zero-salary line at 0 and still costs the others', () => {
    const content: CalculationContent = {
      ...WORKED_EXAMPLE_CONTENT,
      stuff: [
        ...WORKED_EXAMPLE_CONTENT.stuff,
        staffLine({ salary: null }),
        staffLine({ salary: 0 }),
      ],
    };
    const cost = computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, content);
    expect(cost.staffLines).toEqual(['81.63', '50.09', '0.00', '0.00']);
    expect(cost.labour).toBe('131.72');
    expect(cost.summaryWithProfit).toBe('279.84');
  });

  it('computes with empty institution data: only labour, materials and profit remain', () => {
    const cost = computeServiceCost(emptyCompanyInfo(), WORKED_EXAMPLE_CONTENT);
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

  it.each([
    {
      base: 'labour' as const,
      label: 'labour',
      overhead: '43.47', // 131.72 × 33 % = 43.4676
      summary: '242.43', // 131.72 + 10.54 + 31.30 + 25.40 + 43.47
      profit: '36.36', // 36.3645
      summaryWithProfit: '278.79',
    },
    {
      base: 'payroll' as const,
      label: 'payroll (L + A + E)',
      overhead: '57.27', // (131.72 + 10.54 + 31.30) × 33 % = 173.56 × 0.33 = 57.2748
      summary: '256.23', // 131.72 + 10.54 + 31.30 + 25.40 + 57.27
      profit: '38.43', // 38.4345
      summaryWithProfit: '294.66',
    },
  ])(
    'charges a fixed overhead percent on $label',
    ({ base, overhead, summary, profit, summaryWithProfit }) => {
      const cost = computeServiceCost(
        { ...WORKED_EXAMPLE_COMPANY_INFO, ...WORKED_EXAMPLE_FIXED_OVERHEAD, overhead_base: base },
        WORKED_EXAMPLE_CONTENT,
      );
      expect(cost).toMatchObject({ overhead, summary, profit, summaryWithProfit });
      expect(cost.rates).toMatchObject({
        overheadPercent: '33.0000',
        overheadMethod: 'fixed',
        overheadBase: base,
      });
    },
  );

  it('sums the rounded rows, so the printed калькуляція adds up', () => {
    const cost = computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, WORKED_EXAMPLE_CONTENT);
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
    expect(validateForCalculation(WORKED_EXAMPLE_COMPANY_INFO, WORKED_EXAMPLE_CONTENT)).toEqual([]);
  });

  it('names every missing institution field and staff line in Ukrainian', () => {
    const content: CalculationContent = {
      ...WORKED_EXAMPLE_CONTENT,
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
      ...WORKED_EXAMPLE_COMPANY_INFO,
      medical_staff_salary_fund: 0,
      patient_bedwards_area: 0,
      kitchen_and_canteen_area: 0,
    };
    expect(
      validateForCalculation(info, WORKED_EXAMPLE_CONTENT).map((issue) => issue.field),
    ).toEqual(['medical_staff_salary_fund']);
  });

  it('requires the percent of a fixed overhead method', () => {
    const info: CompanyInfo = {
      ...WORKED_EXAMPLE_COMPANY_INFO,
      overhead_method: 'fixed',
      overhead_percent: null,
    };
    expect(
      validateForCalculation(info, WORKED_EXAMPLE_CONTENT).map((issue) => issue.field),
    ).toEqual(['overhead_percent']);
  });
});

/** Bonus 10 %, profitability 12.5 %, two staff lines (H = 8 and 6.5) and three materials. */
const SERVICE_B: CalculationContent = {
  bonus: 10,
  profit: 12.5,
  stuff: [
    staffLine({ salary: 15_000, conditionPercent: 25, workingDay: 8, timeSpend: 45 }),
    staffLine({ salary: 12_000, conditionPercent: 0, workingDay: 6.5, timeSpend: 60 }),
  ],
  pills: [pillLine(0.07, 3), pillLine(1234.56, 7), pillLine(2.5, 10)],
};

describe('each row of docs/methodology.md "Formulas", by hand', () => {
  const cost = computeServiceCost(INSTITUTION_B, SERVICE_B);

  it('1. staff line = O × (1 + c/100) × (1 + b/100) / 21 / (H × 60) × t', () => {
    // 15,000 × 1.25 × 1.1 / 21 / 480 × 45 = 928,125 / 10,080 = 92.0759… → 92.08
    // 12,000 × 1.00 × 1.1 / 21 / 390 × 60 = 792,000 / 8,190 = 96.7032… → 96.70
    expect(cost.staffLines).toEqual(['92.08', '96.70']);
  });

  it('2. L = Σ staff lines', () => {
    expect(cost.labour).toBe('188.78'); // 92.08 + 96.70
  });

  it('3. A = L × k_leave, k_leave = leave pay / the five salary funds', () => {
    // k_leave = 900,000 / 10,000,000 = 9 %; 188.78 × 0.09 = 16.9902 → 16.99
    expect(cost.rates.leavePercent).toBe('9.0000');
    expect(cost.additionalLabour).toBe('16.99');
  });

  it('4. E = (L + A) × rate / 100', () => {
    // (188.78 + 16.99) × 0.22 = 205.77 × 0.22 = 45.2694 → 45.27
    expect(cost.rates.esvPercent).toBe('22.0000');
    expect(cost.esv).toBe('45.27');
  });

  it('5. M = Σ round(p × q)', () => {
    // 0.07 × 3 = 0.21; 1,234.56 × 7 = 8,641.92; 2.50 × 10 = 25.00; M = 8,667.13
    expect(cost.materialLines).toEqual(['0.21', '8641.92', '25.00']);
    expect(cost.materials).toBe('8667.13');
  });

  it('6. OH = L × K, K = (Pool × share_med + other direct) / medical fund', () => {
    // ЗВВ = 1,500,000 × 1.22 + 2,000,000 + 800,000 + 200,000 = 4,830,000
    // Адмін = 1,000,000 × 1.22 + 300,000 = 1,520,000; Pool = 4,830,000 + 1,520,000 + 100,000 = 6,450,000
    // share_med = 1,500 / (1,500 + 1,000 + 500) = 0.5
    // K = (6,450,000 × 0.5 + 150,000) / 6,000,000 = 3,375,000 / 6,000,000 = 56.25 %
    // OH = 188.78 × 0.5625 = 106.18875 → 106.19
    expect(cost.rates.overheadPercent).toBe('56.2500');
    expect(cost.overhead).toBe('106.19');
  });

  it('6. fixed overhead: OH = base × overhead_percent / 100 on labour or on payroll', () => {
    const fixed = (overhead_base: CompanyInfo['overhead_base']) =>
      computeServiceCost(
        { ...INSTITUTION_B, overhead_method: 'fixed', overhead_percent: 40, overhead_base },
        SERVICE_B,
      );
    // labour: 188.78 × 0.4 = 75.512 → 75.51; C = 188.78 + 16.99 + 45.27 + 8,667.13 + 75.51 = 8,993.68
    // P = 8,993.68 × 0.125 = 1,124.21; tariff = 10,117.89
    expect(fixed('labour')).toMatchObject({
      overhead: '75.51',
      summary: '8993.68',
      profit: '1124.21',
      summaryWithProfit: '10117.89',
    });
    // payroll: (188.78 + 16.99 + 45.27) × 0.4 = 251.04 × 0.4 = 100.416 → 100.42
    // C = 251.04 + 8,667.13 + 100.42 = 9,018.59; P = 1,127.32375 → 1,127.32; tariff = 10,145.91
    expect(fixed('payroll')).toMatchObject({
      overhead: '100.42',
      summary: '9018.59',
      profit: '1127.32',
      summaryWithProfit: '10145.91',
      rates: { overheadPercent: '40.0000', overheadMethod: 'fixed', overheadBase: 'payroll' },
    });
  });

  it('7. C = L + A + E + M + OH', () => {
    expect(cost.summary).toBe('9024.36'); // 188.78 + 16.99 + 45.27 + 8,667.13 + 106.19
  });

  it('8. P = round(C × R / 100), tariff = C + P (an exact half kopeck rounds up)', () => {
    // 9,024.36 × 0.125 = 1,128.045 exactly → 1,128.05; tariff = 9,024.36 + 1,128.05 = 10,152.41
    expect(cost.profit).toBe('1128.05');
    expect(cost.summaryWithProfit).toBe('10152.41');
  });
});

describe('exactness', () => {
  it('rounds a row from its exact value, not from a coefficient rounded first', () => {
    // k_leave = 5,000,000 / 14,000,000 = 5/14; L = 11,113.20 / 21 / 360 × 1 = 1.47 exactly, so
    // A = 1.47 × 5/14 = 0.525 exactly → 0.53. Dividing first (k = 0.3571428…, 40 digits) and then multiplying
    // gives 0.52499…, which rounded to 0.52: the form this function used before.
    const info: CompanyInfo = {
      ...emptyCompanyInfo(),
      medical_staff_salary_fund: 14_000_000,
      actual_amount_for_leave_payment: 5_000_000,
    };
    const content: CalculationContent = {
      bonus: 0,
      profit: 0,
      stuff: [staffLine({ salary: 11_113.2, workingDay: 6, timeSpend: 1 })],
      pills: [],
    };
    const coefficientFirst = toDecimal('1.47')
      .times(toDecimal(5_000_000).dividedBy(14_000_000))
      .toDecimalPlaces(2)
      .toFixed(2);
    expect(coefficientFirst).toBe('0.52');
    const cost = computeServiceCost(info, content);
    expect(cost.labour).toBe('1.47');
    expect(cost.additionalLabour).toBe('0.53');
  });

  it('keeps kopecks beyond 2^53 (amounts the schemas accept at their bounds)', () => {
    // 200 lines of 1e9 UAH × 1,000 units would be 2e14 UAH = 2e16 kopecks: past 2^53 ≈ 9.007e15.
    const content: CalculationContent = {
      bonus: 0,
      profit: 0,
      stuff: [],
      pills: Array.from({ length: 200 }, () => pillLine(999_999_999.99, 1_000)),
    };
    const cost = computeServiceCost(emptyCompanyInfo(), content);
    expect(cost.materialLines[0]).toBe('999999999990.00');
    expect(cost.materials).toBe('199999999998000.00');
    expect(cost.summaryWithProfit).toBe('199999999998000.00');
  });
});

describe('computeOrderCosts', () => {
  it('reproduces the worked example for every service of an order, in order', () => {
    const other: CalculationContent = { ...WORKED_EXAMPLE_CONTENT, profit: 0, pills: [] };
    const costs = computeOrderCosts(WORKED_EXAMPLE_COMPANY_INFO, [
      WORKED_EXAMPLE_CONTENT,
      other,
      WORKED_EXAMPLE_CONTENT,
    ]);
    expect(costs.map((cost) => [cost.summary, cost.summaryWithProfit])).toEqual([
      ['243.34', '279.84'],
      ['217.94', '217.94'], // 243.34 − 25.40 of materials, no profit
      ['243.34', '279.84'],
    ]);
    expect(costs[0]).toEqual(
      computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, WORKED_EXAMPLE_CONTENT),
    );
  });

  it('answers an empty order with an empty list', () => {
    expect(computeOrderCosts(WORKED_EXAMPLE_COMPANY_INFO, [])).toEqual([]);
  });

  it('gives each service its own rates object', () => {
    const [first, second] = computeOrderCosts(WORKED_EXAMPLE_COMPANY_INFO, [
      WORKED_EXAMPLE_CONTENT,
      WORKED_EXAMPLE_CONTENT,
    ]);
    expect(first?.rates).toEqual(second?.rates);
    expect(first?.rates).not.toBe(second?.rates);
  });
});

describe('equipment depreciation (docs/methodology.md "Equipment depreciation", issue 38)', () => {
  const [scanner, printer] = WORKED_EXAMPLE_EQUIPMENT_LINES;

  it('costs each line as the exact rate per minute times the minutes, half-up', () => {
    // 1 200 000 / 5 / (1 940,4 × 60) = 2,0614306… грн/хв × 20 = 41,2286… → 41.23
    expect(equipmentMinuteRate(scanner).toFixed(7)).toBe('2.0614306');
    expect(computeEquipmentLineCost(scanner).toFixed(2)).toBe('41.23');
    // (18 000 − 2 000) / 4 / (1 500 × 60) = 0,0444… грн/хв × 20 = 0,888… → 0.89
    expect(equipmentMinuteRate(printer).toFixed(4)).toBe('0.0444');
    expect(computeEquipmentLineCost(printer).toFixed(2)).toBe('0.89');
  });

  it('reproduces the worked example: D 42.12, собівартість 285.46, прибуток 42.82, тариф 328.28', () => {
    const cost = computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, WORKED_EXAMPLE_EQUIPMENT_CONTENT);
    expect(cost).toEqual(WORKED_EXAMPLE_EQUIPMENT_COST);
    expect([cost.equipmentLines, cost.depreciation, cost.summary]).toEqual([
      ['41.23', '0.89'],
      '42.12',
      '285.46',
    ]);
    expect([cost.profit, cost.summaryWithProfit]).toEqual(['42.82', '328.28']);
  });

  it('keeps D out of the overhead base, on labour and on payroll alike', () => {
    for (const info of [
      WORKED_EXAMPLE_COMPANY_INFO,
      { ...WORKED_EXAMPLE_COMPANY_INFO, ...WORKED_EXAMPLE_FIXED_OVERHEAD },
    ]) {
      const without = computeServiceCost(info, WORKED_EXAMPLE_CONTENT);
      const withEquipment = computeServiceCost(info, WORKED_EXAMPLE_EQUIPMENT_CONTENT);
      expect(withEquipment.overhead).toBe(without.overhead);
      expect(toDecimal(withEquipment.summary).minus(without.summary).toFixed(2)).toBe('42.12');
    }
  });

  it('gives D = 0 to a calculation without equipment (the spec’s client, everything stored before)', () => {
    const cost = computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, WORKED_EXAMPLE_CONTENT);
    expect([cost.equipmentLines, cost.depreciation, cost.summary]).toEqual([[], '0.00', '243.34']);
    const empty = computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, {
      ...WORKED_EXAMPLE_CONTENT,
      equipment: [],
    });
    expect(empty).toEqual(cost);
  });

  it('costs nothing for zero minutes, and the whole wear for V − S over a life of use', () => {
    expect(computeEquipmentLineCost({ ...scanner, minutes: 0 }).toFixed(2)).toBe('0.00');
    // One year of one-hour life: 60 minutes use up V − S = 600 − 0.
    const tiny = {
      firstCost: 600,
      residualValue: 0,
      usefulLifeYears: 1,
      hoursPerYear: 1,
      minutes: 60,
    };
    expect(computeEquipmentLineCost(tiny).toFixed(2)).toBe('600.00');
    // 0.125 грн exactly rounds up: (1 − 0) × 1 / (1 × 0.08 h × 60 min) = 0.2083…; 0.3 / (1 × 0.04 × 60) = 0.125.
    expect(
      computeEquipmentLineCost({
        firstCost: 0.3,
        residualValue: 0,
        usefulLifeYears: 1,
        hoursPerYear: 0.04,
        minutes: 1,
      }).toFixed(2),
    ).toBe('0.13');
  });
});
