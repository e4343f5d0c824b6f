import { Decimal } from 'decimal.js';
import type { CompanyInfo } from '../company/company-info.schema';
import {
  equipmentLinesOf,
  type CalculationContent,
  type EquipmentLine,
  type PillLine,
  type StuffLine,
} from './calculation.schema';
import {
  MINUTES_PER_HOUR,
  POOL_EXPENSE_FIELDS,
  POOL_SALARY_FIELDS,
  SALARY_FUND_FIELDS,
  WORKING_DAYS_PER_MONTH,
  type ServiceCost,
} from './cost-model';

/**
 * The decimal.js implementation of docs/methodology.md "Formulas": the reference the fast engine
 * (cost-engine.ts) is proven against, and what the engine falls back to for a value outside the schemas (a
 * negative amount, three decimals, NaN) so such a value is still answered the way it always was.
 *
 * Exact by construction for every input the schemas accept: each money row is ONE quotient of exact products
 * (a coefficient is kept as numerator and denominator, never divided first), and 100 significant digits hold
 * the largest numerator (about 70 digits at the schema bounds) exactly, so the only rounding is the row's own
 * half-up to 0.01. Dividing a coefficient first (k = leave / funds, then L × k, as this code did before) rounds
 * k to the working precision, and at an exact half kopeck that can round the row the wrong way (L = 1.47,
 * k = 5/14: the row is exactly 0.525, but 1.47 × 0.3571…43 at 40 digits is 0.52499…, which gave 0.52).
 */
const ReferenceDecimal = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_UP });

const dec = (value: Decimal | number | string | null | undefined): Decimal =>
  new ReferenceDecimal(value ?? 0);

const ZERO = dec(0);
const ONE = dec(1);

/** Half-up to kopecks: 0.125 → 0.13 (away from zero, so −0.125 → −0.13). */
const roundMoney = (value: Decimal): Decimal => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const sum = (values: readonly Decimal[]): Decimal =>
  values.reduce((total, value) => total.plus(value), ZERO);

/** A coefficient kept as an exact fraction; `den` is never 0 (a zero denominator makes the coefficient 0/1). */
interface Fraction {
  num: Decimal;
  den: Decimal;
}

const fractionOf = (num: Decimal, den: Decimal): Fraction =>
  den.isZero() ? { num: ZERO, den: ONE } : { num, den };

/** round(amount × num / den): the product first, one division, one rounding. */
const applyFraction = (amount: Decimal, fraction: Fraction): Decimal =>
  roundMoney(amount.times(fraction.num).dividedBy(fraction.den));

/** A percent string with four decimals from a fraction: 0.336897 → `'33.6897'`. */
const toPercentString = (fraction: Fraction): string =>
  fraction.num.times(100).dividedBy(fraction.den).toDecimalPlaces(4).toFixed(4);

/**
 * Reference cost of one staff line (docs/methodology.md "Formulas" 1):
 * `O × (100 + c) × (100 + b) × t / (H × 100 × 100 × 21 × 60)`, half-up to 0.01; 0 when O, H or t is not positive.
 */
export function referenceStaffLineCost(
  line: Pick<StuffLine, 'salary' | 'conditionPercent' | 'workingDay' | 'timeSpend'>,
  bonusPercent: number,
): Decimal {
  const salary = dec(line.salary);
  const hours = dec(line.workingDay);
  const minutes = dec(line.timeSpend);
  if (salary.lte(0) || hours.lte(0) || minutes.lte(0)) {
    return ZERO;
  }
  const numerator = salary
    .times(dec(line.conditionPercent).plus(100))
    .times(dec(bonusPercent).plus(100))
    .times(minutes);
  const denominator = hours.times(100 * 100 * WORKING_DAYS_PER_MONTH * MINUTES_PER_HOUR);
  return roundMoney(numerator.dividedBy(denominator));
}

/** Reference cost of one material line (docs/methodology.md "Formulas" 5): `p × q`, half-up to 0.01. */
export function referenceMaterialLineCost(line: Pick<PillLine, 'price' | 'spend'>): Decimal {
  return roundMoney(dec(line.price).times(dec(line.spend)));
}

/**
 * Reference cost of one equipment line (docs/methodology.md "Equipment depreciation"):
 * `(V − S) × u / (N × T × 60)`, half-up to 0.01; 0 when N, T or u is not positive.
 */
export function referenceEquipmentLineCost(
  line: Pick<
    EquipmentLine,
    'firstCost' | 'residualValue' | 'usefulLifeYears' | 'hoursPerYear' | 'minutes'
  >,
): Decimal {
  const years = dec(line.usefulLifeYears);
  const hours = dec(line.hoursPerYear);
  const minutes = dec(line.minutes);
  if (years.lte(0) || hours.lte(0) || minutes.lte(0)) return ZERO;
  const wear = dec(line.firstCost).minus(dec(line.residualValue));
  return roundMoney(wear.times(minutes).dividedBy(years.times(hours).times(MINUTES_PER_HOUR)));
}

/**
 * The overhead pool `ЗВВ + Адмін + advertising`, UAH per year, exact (docs/methodology.md "Formulas" 6):
 * the general and administrative salary funds with their ЄСВ, plus operational expenses, general depreciation,
 * other general and administrative expenses and the advertising budget. Missing fields count as 0.
 */
export function referenceOverheadPool(info: CompanyInfo): Decimal {
  const withEsv = dec(info.unified_social_security_contribution_rate).dividedBy(100).plus(1);
  return sum([
    ...POOL_SALARY_FIELDS.map((field) => dec(info[field]).times(withEsv)),
    ...POOL_EXPENSE_FIELDS.map((field) => dec(info[field])),
  ]);
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

/** The coefficients as exact fractions, for the rows (each row divides once, at its end). */
interface InstitutionFractions {
  esvRate: Decimal;
  salaryFundsTotal: Decimal;
  leave: Fraction;
  overheadPool: Decimal;
  medicalArea: Decimal;
  areaTotal: Decimal;
  overheadMethod: CompanyInfo['overhead_method'];
  overheadBase: CompanyInfo['overhead_base'];
  overhead: Fraction;
}

function institutionFractions(info: CompanyInfo): InstitutionFractions {
  const esvRate = dec(info.unified_social_security_contribution_rate);
  const salaryFundsTotal = sum(SALARY_FUND_FIELDS.map((field) => dec(info[field])));
  const leave = fractionOf(dec(info.actual_amount_for_leave_payment), salaryFundsTotal);
  const overheadPool = referenceOverheadPool(info);
  // Area rented to outside organisations is excluded; "other areas" are spread pro rata, so they drop out.
  const medicalArea = dec(info.medical_service_rooms_area);
  const areaTotal = sum([
    medicalArea,
    dec(info.patient_bedwards_area),
    dec(info.kitchen_and_canteen_area),
  ]);
  const common = { esvRate, salaryFundsTotal, leave, overheadPool, medicalArea, areaTotal };
  if (info.overhead_method === 'fixed') {
    return {
      ...common,
      overheadMethod: 'fixed',
      overheadBase: info.overhead_base,
      overhead: fractionOf(dec(info.overhead_percent), dec(100)),
    };
  }
  // K = (Pool × mA / S + other) / F = (Pool × mA + other × S) / (S × F); with S = 0, share_med is 0.
  const medicalFund = dec(info.medical_staff_salary_fund);
  const otherDirect = dec(info.other_direct_expenses);
  const overhead = medicalFund.lte(0)
    ? fractionOf(ZERO, ONE)
    : areaTotal.isZero()
      ? fractionOf(otherDirect, medicalFund)
      : fractionOf(
          overheadPool.times(medicalArea).plus(otherDirect.times(areaTotal)),
          areaTotal.times(medicalFund),
        );
  return { ...common, overheadMethod: 'computed', overheadBase: 'labour', overhead };
}

/**
 * Derives k_leave, the ЄСВ rate and the overhead coefficient K from the institution data (docs/methodology.md
 * "Formulas" 3, 4, 6), as decimals (quotients to 100 significant digits). Amounts are UAH per year, areas m²,
 * rates percent. Fields not filled in count as 0 and a zero denominator gives a zero coefficient, so the preview
 * always answers; `validateForCalculation` is what refuses incomplete data for the final Calculate.
 */
export function computeInstitutionCoefficients(info: CompanyInfo): InstitutionCoefficients {
  const fractions = institutionFractions(info);
  return {
    esvRate: fractions.esvRate,
    salaryFundsTotal: fractions.salaryFundsTotal,
    leaveCoefficient: fractions.leave.num.dividedBy(fractions.leave.den),
    overheadPool: fractions.overheadPool,
    medicalAreaShare: fractions.areaTotal.isZero()
      ? ZERO
      : fractions.medicalArea.dividedBy(fractions.areaTotal),
    overheadMethod: fractions.overheadMethod,
    overheadBase: fractions.overheadBase,
    overheadCoefficient: fractions.overhead.num.dividedBy(fractions.overhead.den),
  };
}

/**
 * The калькуляція of one service with decimal.js (docs/methodology.md "Formulas" 1–8): the oracle of the
 * property tests and the fallback for inputs outside the schemas. Production code calls `computeServiceCost` /
 * `computeOrderCosts` (compute-service-cost.ts), which answer the same to the kopeck, much faster.
 */
export function referenceServiceCost(info: CompanyInfo, content: CalculationContent): ServiceCost {
  const institution = institutionFractions(info);
  const percent = (value: Decimal | number): Fraction => fractionOf(dec(value), dec(100));

  const staffLines = content.stuff.map((line) => referenceStaffLineCost(line, content.bonus));
  const materialLines = content.pills.map((line) => referenceMaterialLineCost(line));
  const equipmentLines = equipmentLinesOf(content).map((line) => referenceEquipmentLineCost(line));

  const labour = sum(staffLines);
  const additionalLabour = applyFraction(labour, institution.leave);
  const esv = applyFraction(labour.plus(additionalLabour), percent(institution.esvRate));
  const materials = sum(materialLines);
  const depreciation = sum(equipmentLines);
  const overheadBase =
    institution.overheadBase === 'payroll' ? sum([labour, additionalLabour, esv]) : labour;
  const overhead = applyFraction(overheadBase, institution.overhead);
  const summary = sum([labour, additionalLabour, esv, materials, depreciation, overhead]);
  const profit = applyFraction(summary, percent(content.profit));
  const summaryWithProfit = summary.plus(profit);

  const money = (value: Decimal): string => roundMoney(value).toFixed(2);
  return {
    staffLines: staffLines.map(money),
    materialLines: materialLines.map(money),
    equipmentLines: equipmentLines.map(money),
    labour: money(labour),
    additionalLabour: money(additionalLabour),
    esv: money(esv),
    materials: money(materials),
    depreciation: money(depreciation),
    overhead: money(overhead),
    summary: money(summary),
    profit: money(profit),
    summaryWithProfit: money(summaryWithProfit),
    rates: {
      leavePercent: toPercentString(institution.leave),
      esvPercent: institution.esvRate.toDecimalPlaces(4).toFixed(4),
      overheadPercent: toPercentString(institution.overhead),
      overheadMethod: institution.overheadMethod,
      overheadBase: institution.overheadBase,
    },
  };
}
