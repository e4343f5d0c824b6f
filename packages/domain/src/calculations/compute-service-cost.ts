import type { Decimal } from 'decimal.js';
import type { CompanyInfo } from '../company/company-info.schema';
import { ZERO, moneyToString, roundMoney, sumMoney, toDecimal } from '../common/money';
import type { CalculationContent, PillLine, StuffLine } from './calculation.schema';

/** D: working days in a month (spec §9; docs/methodology.md "Inputs"). */
export const WORKING_DAYS_PER_MONTH = 21;

/** Minutes in an hour: the staff line is costed per minute of staff time. */
const MINUTES_PER_HOUR = 60;

/** The five salary funds whose sum is the denominator of k_leave (docs/methodology.md "Formulas" 3). */
const SALARY_FUND_FIELDS = [
  'medical_staff_salary_fund',
  'supply_staff_salary_fund',
  'food_service_staff_salary_fund',
  'general_staff_salary_fund',
  'administrative_staff_salary_fund',
] as const;

/** Percent → fraction. */
const fraction = (percent: Decimal): Decimal => percent.dividedBy(100);

/**
 * Cost of one staff line, UAH, rounded half-up to 0.01 (docs/methodology.md "Formulas" 1, spec §9):
 * `O × (1 + c/100) × (1 + b/100) / 21 / (H × 60) × t`, i.e. the cost of one minute of that person's time
 * times the minutes.
 *
 * @param line `salary` O in UAH per month (gross), `conditionPercent` c in percent, `workingDay` H in hours,
 *   `timeSpend` t in minutes.
 * @param bonusPercent b, the calculation's bonus in percent (20 means 20 %).
 * @returns 0 when the salary is missing or ≤ 0 (and when H or t is not positive).
 */
export function computeStaffLineCost(
  line: Pick<StuffLine, 'salary' | 'conditionPercent' | 'workingDay' | 'timeSpend'>,
  bonusPercent: number,
): Decimal {
  const salary = toDecimal(line.salary);
  const hours = toDecimal(line.workingDay);
  const minutes = toDecimal(line.timeSpend);
  if (salary.lte(0) || hours.lte(0) || minutes.lte(0)) {
    return ZERO;
  }
  // One division at the end keeps the exact quotient, so a true x.xx5 is not lost to a chain of quotients.
  const numerator = salary
    .times(toDecimal(line.conditionPercent).plus(100))
    .times(toDecimal(bonusPercent).plus(100))
    .times(minutes);
  const denominator = hours.times(100 * 100 * WORKING_DAYS_PER_MONTH * MINUTES_PER_HOUR);
  return roundMoney(numerator.dividedBy(denominator));
}

/**
 * Cost of one material line, UAH, rounded half-up to 0.01 (docs/methodology.md "Formulas" 5): `p × q`.
 *
 * @param line `price` p in UAH per one unit of the line's measurement, `spend` q in units per service.
 */
export function computeMaterialLineCost(line: Pick<PillLine, 'price' | 'spend'>): Decimal {
  return roundMoney(toDecimal(line.price).times(toDecimal(line.spend)));
}

/** The institution-level coefficients of one калькуляція (docs/methodology.md "Formulas" 3, 4, 6). */
export interface InstitutionCoefficients {
  /** ЄСВ rate, percent (22 means 22 %); 0 when not filled in. */
  esvRate: Decimal;
  /** Sum of the five salary funds, UAH per year. */
  salaryFundsTotal: Decimal;
  /** k_leave: leave pay / sum of the five salary funds, a fraction (0.08 = 8 %); 0 when the sum is 0. */
  leaveCoefficient: Decimal;
  /** Overhead pool ЗВВ + Адмін + advertising, UAH per year (used by the `computed` method). */
  overheadPool: Decimal;
  /**
   * share_med: medical rooms area / (medical rooms + bed-wards + kitchen and canteen), a fraction; 0 when the
   * three areas sum to 0.
   */
  medicalAreaShare: Decimal;
  /** How overheads are charged; `computed` unless the institution fixed a percent. */
  overheadMethod: CompanyInfo['overhead_method'];
  /** What the overhead coefficient multiplies: `labour` = L, `payroll` = L + A + E. Always `labour` for `computed`. */
  overheadBase: CompanyInfo['overhead_base'];
  /**
   * K: overheads as a fraction of `overheadBase` (0.336897 = 33.6897 %). `computed`: (Pool × share_med +
   * other direct expenses) / medical staff salary fund, 0 when the fund is 0. `fixed`: overhead_percent / 100,
   * 0 when the percent is not filled in.
   */
  overheadCoefficient: Decimal;
}

/**
 * Derives k_leave, the ЄСВ rate and the overhead coefficient K from the institution data (docs/methodology.md
 * "Formulas" 3, 4, 6). Amounts are UAH per year, areas m², rates percent. Fields not filled in count as 0 and
 * a zero denominator gives a zero coefficient, so the preview always answers; `validateForCalculation` is what
 * refuses incomplete data for the final Calculate.
 */
export function computeInstitutionCoefficients(info: CompanyInfo): InstitutionCoefficients {
  const esvRate = toDecimal(info.unified_social_security_contribution_rate);
  const withEsv = (fund: number | null): Decimal =>
    toDecimal(fund).times(fraction(esvRate).plus(1));

  const salaryFundsTotal = sumMoney(SALARY_FUND_FIELDS.map((field) => toDecimal(info[field])));
  const leaveCoefficient = salaryFundsTotal.isZero()
    ? ZERO
    : toDecimal(info.actual_amount_for_leave_payment).dividedBy(salaryFundsTotal);

  const generalExpenses = sumMoney([
    withEsv(info.general_staff_salary_fund),
    toDecimal(info.operational_expenses),
    toDecimal(info.general_depreciation),
    toDecimal(info.other_general_expenses),
  ]);
  const administrativeExpenses = withEsv(info.administrative_staff_salary_fund).plus(
    toDecimal(info.other_administrative_expenses),
  );
  const overheadPool = sumMoney([
    generalExpenses,
    administrativeExpenses,
    toDecimal(info.advertising_material_creation_and_placement_budget),
  ]);

  // Area rented to outside organisations is excluded; "other areas" are spread pro rata, so they drop out.
  const medicalArea = toDecimal(info.medical_service_rooms_area);
  const areaTotal = sumMoney([
    medicalArea,
    toDecimal(info.patient_bedwards_area),
    toDecimal(info.kitchen_and_canteen_area),
  ]);
  const medicalAreaShare = areaTotal.isZero() ? ZERO : medicalArea.dividedBy(areaTotal);

  const common = { esvRate, salaryFundsTotal, leaveCoefficient, overheadPool, medicalAreaShare };
  if (info.overhead_method === 'fixed') {
    return {
      ...common,
      overheadMethod: 'fixed',
      overheadBase: info.overhead_base,
      overheadCoefficient: fraction(toDecimal(info.overhead_percent)),
    };
  }
  const medicalFund = toDecimal(info.medical_staff_salary_fund);
  const overheadCoefficient = medicalFund.lte(0)
    ? ZERO
    : overheadPool
        .times(medicalAreaShare)
        .plus(toDecimal(info.other_direct_expenses))
        .dividedBy(medicalFund);
  return { ...common, overheadMethod: 'computed', overheadBase: 'labour', overheadCoefficient };
}

/**
 * Every row of one service's калькуляція. Amounts are UAH as strings with exactly two decimals (`'131.72'`),
 * so kopecks survive JSON and storage in `numeric(14, 2)` unchanged. Each row is rounded half-up to 0.01 and
 * every total is the sum of the rounded rows it adds up (docs/methodology.md "Formulas").
 */
export interface ServiceCost {
  /** Cost of each staff line, in the order of `content.stuff`. */
  staffLines: string[];
  /** Cost of each material line, in the order of `content.pills`. */
  materialLines: string[];
  /** L, Основна заробітна плата: the sum of the staff lines. */
  labour: string;
  /** A, Додаткова заробітна плата (відпустки): L × k_leave. */
  additionalLabour: string;
  /** E, ЄСВ: (L + A) × rate / 100. */
  esv: string;
  /** M, Матеріали: the sum of the material lines. */
  materials: string;
  /** OH, Накладні витрати: K × L (`computed`, or `fixed` on `labour`) or K × (L + A + E) (`fixed` on `payroll`). */
  overhead: string;
  /** C, Собівартість (spec's `summary`): L + A + E + M + OH. */
  summary: string;
  /** P, Прибуток: C × R / 100, R the calculation's profitability percent. */
  profit: string;
  /** Тариф без ПДВ (spec's `summaryWithProfit`): C + P. */
  summaryWithProfit: string;
  /** The coefficients as printed on the калькуляція, percent with four decimals (`'33.6897'`). */
  rates: {
    /** k_leave, percent of L. */
    leavePercent: string;
    /** ЄСВ rate, percent of L + A. */
    esvPercent: string;
    /** K, percent of the overhead base. */
    overheadPercent: string;
    overheadMethod: CompanyInfo['overhead_method'];
    overheadBase: CompanyInfo['overhead_base'];
  };
}

/** A percent string with four decimals from a fraction: 0.336897 → `'33.6897'`. */
const toPercentString = (coefficient: Decimal): string =>
  coefficient.times(100).toDecimalPlaces(4).toFixed(4);

/**
 * Computes the калькуляція of one service (docs/methodology.md "Formulas" 1–8) from the institution data
 * (UAH per year, m², percent) and the calculation (bonus and profitability in percent, salaries UAH per month,
 * minutes, hours, prices UAH per unit). Missing institution fields count as 0 and never throw.
 */
export function computeServiceCost(info: CompanyInfo, content: CalculationContent): ServiceCost {
  const coefficients = computeInstitutionCoefficients(info);

  const staffLines = content.stuff.map((line) => computeStaffLineCost(line, content.bonus));
  const materialLines = content.pills.map((line) => computeMaterialLineCost(line));

  const labour = sumMoney(staffLines);
  const additionalLabour = roundMoney(labour.times(coefficients.leaveCoefficient));
  const esv = roundMoney(labour.plus(additionalLabour).times(fraction(coefficients.esvRate)));
  const materials = sumMoney(materialLines);
  const overheadBase =
    coefficients.overheadBase === 'payroll' ? sumMoney([labour, additionalLabour, esv]) : labour;
  const overhead = roundMoney(overheadBase.times(coefficients.overheadCoefficient));
  const summary = sumMoney([labour, additionalLabour, esv, materials, overhead]);
  const profit = roundMoney(summary.times(fraction(toDecimal(content.profit))));
  const summaryWithProfit = summary.plus(profit);

  return {
    staffLines: staffLines.map(moneyToString),
    materialLines: materialLines.map(moneyToString),
    labour: moneyToString(labour),
    additionalLabour: moneyToString(additionalLabour),
    esv: moneyToString(esv),
    materials: moneyToString(materials),
    overhead: moneyToString(overhead),
    summary: moneyToString(summary),
    profit: moneyToString(profit),
    summaryWithProfit: moneyToString(summaryWithProfit),
    rates: {
      leavePercent: toPercentString(coefficients.leaveCoefficient),
      esvPercent: coefficients.esvRate.toDecimalPlaces(4).toFixed(4),
      overheadPercent: toPercentString(coefficients.overheadCoefficient),
      overheadMethod: coefficients.overheadMethod,
      overheadBase: coefficients.overheadBase,
    },
  };
}

/** One reason the final Calculate is refused: `field` is the wire path, `message` Ukrainian text for the user. */
export interface CalculationIssue {
  field: string;
  message: string;
}

/** Institution fields the final Calculate needs, with the Ukrainian message naming each. */
const REQUIRED_INSTITUTION_FIELDS = [
  {
    field: 'medical_staff_salary_fund',
    message: 'Вкажіть фонд оплати праці медичного персоналу (більше нуля).',
  },
  { field: 'unified_social_security_contribution_rate', message: 'Вкажіть ставку ЄСВ, %.' },
  {
    field: 'medical_service_rooms_area',
    message: 'Вкажіть площу приміщень для надання медичних послуг.',
  },
  {
    field: 'patient_bedwards_area',
    message: 'Вкажіть площу палат для пацієнтів (0, якщо їх немає).',
  },
  {
    field: 'kitchen_and_canteen_area',
    message: 'Вкажіть площу харчоблоку та їдальні (0, якщо їх немає).',
  },
] as const;

/**
 * Lists what is missing for the final Calculate (docs/methodology.md "Formulas", last paragraph): the medical
 * staff salary fund (missing or 0: it is K's denominator), the ЄСВ rate, the three areas of share_med, the
 * overhead percent when the institution fixed one, and the qualification of every staff line. An empty list
 * means the calculation may be finalised; the server answers 422 otherwise. The preview does not call this.
 */
export function validateForCalculation(
  info: CompanyInfo,
  content: CalculationContent,
): CalculationIssue[] {
  const issues: CalculationIssue[] = [];
  for (const { field, message } of REQUIRED_INSTITUTION_FIELDS) {
    const value = info[field];
    if (value === null || (field === 'medical_staff_salary_fund' && value <= 0)) {
      issues.push({ field, message });
    }
  }
  if (info.overhead_method === 'fixed' && info.overhead_percent === null) {
    issues.push({ field: 'overhead_percent', message: 'Вкажіть відсоток накладних витрат.' });
  }
  content.stuff.forEach((line, index) => {
    if (line.quality === null || line.quality.name.trim() === '') {
      issues.push({
        field: `stuff.${index}.quality`,
        message: `Персонал, рядок ${index + 1}: оберіть кваліфікацію.`,
      });
    }
  });
  return issues;
}

/**
 * The калькуляція of every service of one order (or of one preview) with the same institution data, in the
 * order given. The server's calculate, calculate-online and the documents use this, so every number of an order
 * comes from one function.
 */
export function computeOrderCosts(
  info: CompanyInfo,
  contents: readonly CalculationContent[],
): ServiceCost[] {
  return contents.map((content) => computeServiceCost(info, content));
}
