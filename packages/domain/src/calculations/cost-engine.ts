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
import {
  EXACT_LIMIT,
  applyRatio,
  applyRatioBig,
  formatKopecks,
  formatScaledBig,
  ratio,
  roundCertified,
  roundHalfUpDiv,
  roundHalfUpDivBig,
  toExactNumber,
  toScaled,
  type Ratio,
} from './fixed-point';

/**
 * The fast, exact cost engine (docs/methodology.md "Exact arithmetic"): scaled integers instead of decimal
 * objects, the institution's coefficients prepared once per order. Units: money in kopecks, percents in
 * hundredths of a percent, working days in tenths of an hour, minutes and units of material as they are.
 *
 * Two paths give the same answer. The fast one keeps every amount in a JS number while it is provably exact
 * (≤ 2^52) and decides each quotient's rounding from its float value when the float's proven error cannot change
 * it (BigInt for the rare quotient near a half kopeck, exact ties included); the BigInt one is used for a
 * service whose amounts outgrow 2^52 kopecks (about 45 trillion UAH). A value no scaled integer can hold
 * (negative, NaN, three decimals: none pass the schemas) is left to the decimal.js reference by the caller.
 */

/** 100 % in hundredths of a percent. */
const HUNDRED_PERCENT = 10_000;

/**
 * The staff line in scaled units: O × (1 + c/100) × (1 + b/100) × t / (21 × 60 × H) UAH with O in kopecks,
 * (100 + c) and (100 + b) in hundredths of a percent and H in tenths of an hour is
 * `O × C × B × t / (STAFF_DIVISOR × H10)` kopecks: 21 × 60 × 10^4 × 10^4 / 10.
 */
const STAFF_DIVISOR = WORKING_DAYS_PER_MONTH * MINUTES_PER_HOUR * 10_000_000;
const STAFF_DIVISOR_BIG = BigInt(STAFF_DIVISOR);
const HUNDRED_PERCENT_BIG = BigInt(HUNDRED_PERCENT);

/** What the order's institution data give every service: the same for all of them, so computed once. */
export interface PreparedInstitution {
  /** ЄСВ rate, hundredths of a percent. */
  esvRate: number;
  /** k_leave = leave pay / the five salary funds, exact. */
  leave: Ratio;
  /** K: `computed` (Pool × share_med + other direct) / medical fund, or `fixed` overhead_percent / 100, exact. */
  overhead: Ratio;
  /** The fixed percent in hundredths of a percent when the method is `fixed` (its rows are integer divisions). */
  fixedOverheadPercent: number | null;
  /** Whether K multiplies L + A + E (`fixed` on `payroll`) rather than L. */
  payrollBase: boolean;
  /** The rates as printed, the same for every service of the order. */
  rates: ServiceCost['rates'];
}

/** The scaled value of an institution field, 0 when not filled in; -1 when it is no scaled value. */
const field = (value: number | null | undefined): number => toScaled(value ?? 0, 100);

/** Fraction × 100, half-up to four decimals: the percent as the калькуляція prints it. */
const percentString = (r: Ratio): string =>
  formatScaledBig(roundHalfUpDivBig(r.num * 1_000_000n, r.den), 4);

/**
 * Prepares the coefficients of docs/methodology.md "Formulas" 3, 4, 6 as exact fractions. Missing fields count
 * as 0 and a zero denominator gives a zero coefficient. Returns null when a field holds no scaled value
 * (negative, three decimals…): the caller then uses the decimal.js reference, which reads anything.
 */
export function prepareInstitution(info: CompanyInfo): PreparedInstitution | null {
  const esvRate = field(info.unified_social_security_contribution_rate);
  const leavePay = field(info.actual_amount_for_leave_payment);
  const funds = SALARY_FUND_FIELDS.map((name) => field(info[name]));
  const poolSalaries = POOL_SALARY_FIELDS.map((name) => field(info[name]));
  const poolExpenses = POOL_EXPENSE_FIELDS.map((name) => field(info[name]));
  const medicalArea = field(info.medical_service_rooms_area);
  const bedwardsArea = field(info.patient_bedwards_area);
  const kitchenArea = field(info.kitchen_and_canteen_area);
  const otherDirect = field(info.other_direct_expenses);
  const medicalFund = field(info.medical_staff_salary_fund);
  const fixedPercent = info.overhead_method === 'fixed' ? field(info.overhead_percent) : 0;
  const all = [
    esvRate,
    leavePay,
    ...funds,
    ...poolSalaries,
    ...poolExpenses,
    medicalArea,
    bedwardsArea,
    kitchenArea,
    otherDirect,
    fixedPercent,
  ];
  if (all.some((value) => value < 0)) return null;

  // Each scaled field is < 10^15, so these sums of up to five stay below 2^53 and are exact.
  const fundsTotal = funds.reduce((total, value) => total + value, 0);
  const leave = ratio(BigInt(leavePay), BigInt(fundsTotal));

  let overhead: Ratio;
  let fixedOverheadPercent: number | null = null;
  if (info.overhead_method === 'fixed') {
    fixedOverheadPercent = fixedPercent;
    overhead = ratio(BigInt(fixedPercent), HUNDRED_PERCENT_BIG);
  } else if (medicalFund === 0) {
    overhead = ratio(0n, 1n);
  } else {
    // Pool × 10^4 in kopecks: the two salary funds × (100 % + rate) in hundredths, the expenses × 10^4.
    const esvFactor = BigInt(HUNDRED_PERCENT + esvRate);
    const pool =
      poolSalaries.reduce((total, value) => total + BigInt(value) * esvFactor, 0n) +
      poolExpenses.reduce((total, value) => total + BigInt(value), 0n) * HUNDRED_PERCENT_BIG;
    const areaTotal = BigInt(medicalArea) + BigInt(bedwardsArea) + BigInt(kitchenArea);
    // K = (Pool × mA / S + other) / F = (Pool×10^4 × mA + other × 10^4 × S) / (10^4 × S × F); share_med = 0 if S = 0.
    overhead =
      areaTotal === 0n
        ? ratio(BigInt(otherDirect), BigInt(medicalFund))
        : ratio(
            pool * BigInt(medicalArea) + BigInt(otherDirect) * HUNDRED_PERCENT_BIG * areaTotal,
            HUNDRED_PERCENT_BIG * areaTotal * BigInt(medicalFund),
          );
  }

  const fixed = info.overhead_method === 'fixed';
  return {
    esvRate,
    leave,
    overhead,
    fixedOverheadPercent,
    payrollBase: fixed && info.overhead_base === 'payroll',
    rates: {
      leavePercent: percentString(leave),
      esvPercent: formatScaledBig(BigInt(esvRate) * 100n, 4),
      overheadPercent: percentString(overhead),
      overheadMethod: fixed ? 'fixed' : 'computed',
      overheadBase: fixed ? info.overhead_base : 'labour',
    },
  };
}

/** The scaled inputs of one staff line; any field -1 when it holds no scaled value. */
interface ScaledStaffLine {
  salary: number;
  condition: number;
  hours: number;
  minutes: number;
}

const scaleStaffLine = (
  line: Pick<StuffLine, 'salary' | 'conditionPercent' | 'workingDay' | 'timeSpend'>,
): ScaledStaffLine => ({
  salary: toScaled(line.salary ?? 0, 100),
  condition: toScaled(line.conditionPercent, 100),
  hours: toScaled(line.workingDay, 10),
  minutes: toScaled(line.timeSpend, 1),
});

/** Whether a scaled staff line has a field that holds no scaled value (then only the reference may answer it). */
const isUnscaledStaffLine = (line: ScaledStaffLine): boolean =>
  line.salary < 0 || line.condition < 0 || line.hours < 0 || line.minutes < 0;

/**
 * One staff line in kopecks, exactly: `O × C × B × t / (STAFF_DIVISOR × H10)` half-up, 0 when O, H or t is 0.
 * `bonusFactor` is 100 % + b in hundredths. The float quotient takes five roundings (≤ 5 × 2^-53); when it does
 * not decide the rounding, BigInt does. -1 when the line exceeds 2^52 kopecks.
 */
export function staffLineKopecks(line: ScaledStaffLine, bonusFactor: number): number {
  if (line.salary === 0 || line.hours === 0 || line.minutes === 0) return 0;
  const conditionFactor = HUNDRED_PERCENT + line.condition;
  const fast = roundCertified(
    (line.salary * conditionFactor * (bonusFactor * line.minutes)) / (STAFF_DIVISOR * line.hours),
  );
  if (fast >= 0) return fast;
  return toExactNumber(staffLineKopecksBig(line, bonusFactor));
}

function staffLineKopecksBig(line: ScaledStaffLine, bonusFactor: number): bigint {
  if (line.salary === 0 || line.hours === 0 || line.minutes === 0) return 0n;
  return roundHalfUpDivBig(
    BigInt(line.salary) *
      BigInt(HUNDRED_PERCENT + line.condition) *
      BigInt(bonusFactor) *
      BigInt(line.minutes),
    STAFF_DIVISOR_BIG * BigInt(line.hours),
  );
}

/** Thousandths of a unit in one unit: a material's spend has up to three decimals (0,5 г, 2,5 мл, 0,02 л). */
export const SPEND_SCALE = 1000;
/**
 * Ten-thousandths of a hryvnia in one hryvnia: a material's price per unit has up to four decimals (issue 33: a
 * reagent at 2,375 грн/мл).
 */
export const PRICE_SCALE = 10_000;
/** A line's product (price in 1/10,000 UAH × spend in 1/1,000 unit) per kopeck: 10^7 / 100. */
const MATERIAL_DIVISOR = (PRICE_SCALE * SPEND_SCALE) / 100;
const MATERIAL_DIVISOR_BIG = BigInt(MATERIAL_DIVISOR);

/**
 * The scaled inputs of one material line: price in ten-thousandths of a hryvnia, spend in thousandths of a unit;
 * -1 when not a scaled value.
 */
const scaleMaterialLine = (line: Pick<PillLine, 'price' | 'spend'>) => ({
  price: toScaled(line.price, PRICE_SCALE),
  spend: toScaled(line.spend, SPEND_SCALE),
});

/** Whether a scaled material line's price or spend holds no scaled value. */
const isUnscaledMaterialLine = (line: { price: number; spend: number }): boolean =>
  line.price < 0 || line.spend < 0;

/**
 * A material line's cost in kopecks, `round(p × q)` (docs/methodology.md "Formulas" 5): ten-thousandths of a
 * hryvnia × thousandths of a unit / 100,000, half-up; -1 when the product outgrows 2^52 (then
 * {@link materialLineKopecksBig}).
 */
export function materialLineKopecks(price: number, spend: number): number {
  const product = price * spend;
  if (product > EXACT_LIMIT) return -1;
  return roundHalfUpDiv(product, MATERIAL_DIVISOR);
}

/** {@link materialLineKopecks} in BigInt, for any size. */
const materialLineKopecksBig = (price: number, spend: number): bigint =>
  roundHalfUpDivBig(BigInt(price) * BigInt(spend), MATERIAL_DIVISOR_BIG);

/**
 * The scaled inputs of one equipment line (issue 38): V − S in kopecks, N in years, T in hundredths of an hour, u in
 * minutes; `wear` -1 when V − S is negative or any field holds no scaled value (then the reference answers).
 */
export interface ScaledEquipmentLine {
  wear: number;
  years: number;
  hours: number;
  minutes: number;
}

export function scaleEquipmentLine(
  line: Pick<
    EquipmentLine,
    'firstCost' | 'residualValue' | 'usefulLifeYears' | 'hoursPerYear' | 'minutes'
  >,
): ScaledEquipmentLine {
  const cost = toScaled(line.firstCost, 100);
  const residual = toScaled(line.residualValue, 100);
  const years = toScaled(line.usefulLifeYears, 1);
  const hours = toScaled(line.hoursPerYear, 100);
  const minutes = toScaled(line.minutes, 1);
  const scalable = cost >= 0 && residual >= 0 && residual <= cost && years >= 0 && hours >= 0;
  return { wear: scalable && minutes >= 0 ? cost - residual : -1, years, hours, minutes };
}

/**
 * An hour of T in hundredths × 60 minutes: the line `(V − S) × u / (N × T × 60)` UAH is
 * `wear × u × 100 / (N × T100 × 60)` kopecks.
 */
const EQUIPMENT_HOUR_SCALE = 100;

/**
 * One equipment line in kopecks, exactly (docs/methodology.md "Equipment depreciation"): the exact rate per minute
 * times the minutes, half-up; 0 when N, T or u is 0. Needs `wear` ≥ 0; -1 when the product outgrows 2^52 (then
 * {@link equipmentLineKopecksBig}).
 */
export function equipmentLineKopecks(line: ScaledEquipmentLine): number {
  if (line.years === 0 || line.hours === 0 || line.minutes === 0) return 0;
  const numerator = line.wear * line.minutes * EQUIPMENT_HOUR_SCALE;
  const denominator = line.years * line.hours * MINUTES_PER_HOUR;
  if (numerator > EXACT_LIMIT) return -1;
  return roundHalfUpDiv(numerator, denominator);
}

/** {@link equipmentLineKopecks} in BigInt, for any size. */
function equipmentLineKopecksBig(line: ScaledEquipmentLine): bigint {
  if (line.years === 0 || line.hours === 0 || line.minutes === 0) return 0n;
  return roundHalfUpDivBig(
    BigInt(line.wear) * BigInt(line.minutes) * BigInt(EQUIPMENT_HOUR_SCALE),
    BigInt(line.years) * BigInt(line.hours) * BigInt(MINUTES_PER_HOUR),
  );
}

/** amount × percent / 100 half-up, the percent in hundredths; -1 beyond 2^52. */
function percentOf(amount: number, hundredths: number): number {
  const product = amount * hundredths;
  if (product <= EXACT_LIMIT) return roundHalfUpDiv(product, HUNDRED_PERCENT);
  return toExactNumber(roundHalfUpDivBig(BigInt(amount) * BigInt(hundredths), HUNDRED_PERCENT_BIG));
}

/** Whether the service carries a value no scaled integer holds (then only the reference may answer it). */
export function hasUnscaledValue(content: CalculationContent): boolean {
  if (toScaled(content.bonus, 100) < 0 || toScaled(content.profit, 100) < 0) return true;
  for (const line of content.stuff) if (isUnscaledStaffLine(scaleStaffLine(line))) return true;
  if (equipmentLinesOf(content).some((line) => scaleEquipmentLine(line).wear < 0)) return true;
  return content.pills.some((line) => isUnscaledMaterialLine(scaleMaterialLine(line)));
}

/**
 * The калькуляція of one service on the fast path. Returns null when an amount outgrows 2^52 kopecks (use
 * {@link exactServiceCost}) or an input holds no scaled value (use the reference).
 */
export function fastServiceCost(
  institution: PreparedInstitution,
  content: CalculationContent,
): ServiceCost | null {
  const bonus = toScaled(content.bonus, 100);
  const profitPercent = toScaled(content.profit, 100);
  if (bonus < 0 || profitPercent < 0) return null;
  const bonusFactor = HUNDRED_PERCENT + bonus;

  const staffLines: string[] = [];
  let labour = 0;
  for (const line of content.stuff) {
    const scaled = scaleStaffLine(line);
    if (isUnscaledStaffLine(scaled)) return null;
    const cost = staffLineKopecks(scaled, bonusFactor);
    if (cost < 0) return null;
    labour += cost;
    staffLines.push(formatKopecks(cost));
  }
  const materialLines: string[] = [];
  let materials = 0;
  for (const line of content.pills) {
    const scaled = scaleMaterialLine(line);
    if (isUnscaledMaterialLine(scaled)) return null;
    const cost = materialLineKopecks(scaled.price, scaled.spend);
    if (cost < 0) return null;
    materials += cost;
    materialLines.push(formatKopecks(cost));
  }
  const equipmentLines: string[] = [];
  let depreciation = 0;
  for (const line of equipmentLinesOf(content)) {
    const scaled = scaleEquipmentLine(line);
    if (scaled.wear < 0) return null;
    const cost = equipmentLineKopecks(scaled);
    if (cost < 0) return null;
    depreciation += cost;
    equipmentLines.push(formatKopecks(cost));
  }
  // A sum past 2^52 is reported past it (rounding is monotone), so these checks also catch inexact sums.
  if (labour > EXACT_LIMIT || materials > EXACT_LIMIT || depreciation > EXACT_LIMIT) return null;

  const additionalLabour = applyRatio(labour, institution.leave);
  if (additionalLabour < 0) return null;
  const esv = percentOf(labour + additionalLabour, institution.esvRate);
  if (esv < 0) return null;
  const base = institution.payrollBase ? labour + additionalLabour + esv : labour;
  if (base > EXACT_LIMIT) return null;
  const overhead =
    institution.fixedOverheadPercent === null
      ? applyRatio(base, institution.overhead)
      : percentOf(base, institution.fixedOverheadPercent);
  if (overhead < 0) return null;
  const summary = labour + additionalLabour + esv + materials + depreciation + overhead;
  if (summary > EXACT_LIMIT) return null;
  const profit = percentOf(summary, profitPercent);
  if (profit < 0 || summary + profit > EXACT_LIMIT) return null;

  return {
    staffLines,
    materialLines,
    equipmentLines,
    labour: formatKopecks(labour),
    additionalLabour: formatKopecks(additionalLabour),
    esv: formatKopecks(esv),
    materials: formatKopecks(materials),
    depreciation: formatKopecks(depreciation),
    overhead: formatKopecks(overhead),
    summary: formatKopecks(summary),
    profit: formatKopecks(profit),
    summaryWithProfit: formatKopecks(summary + profit),
    rates: { ...institution.rates },
  };
}

const kopecksBig = (value: bigint): string => formatScaledBig(value, 2);

/**
 * The калькуляція of one service entirely in BigInt, for any size the schemas accept (rows up to ~10^58 UAH at
 * their bounds). Returns null when an input holds no scaled value (use the reference).
 */
export function exactServiceCost(
  institution: PreparedInstitution,
  content: CalculationContent,
): ServiceCost | null {
  if (hasUnscaledValue(content)) return null;
  const bonusFactor = HUNDRED_PERCENT + toScaled(content.bonus, 100);
  const profitPercent = BigInt(toScaled(content.profit, 100));

  const staff = content.stuff.map((line) => staffLineKopecksBig(scaleStaffLine(line), bonusFactor));
  const material = content.pills.map((line) => {
    const { price, spend } = scaleMaterialLine(line);
    return materialLineKopecksBig(price, spend);
  });
  const equipment = equipmentLinesOf(content).map((line) =>
    equipmentLineKopecksBig(scaleEquipmentLine(line)),
  );
  const labour = staff.reduce((total, value) => total + value, 0n);
  const materials = material.reduce((total, value) => total + value, 0n);
  const depreciation = equipment.reduce((total, value) => total + value, 0n);
  const additionalLabour = applyRatioBig(labour, institution.leave);
  const esv = roundHalfUpDivBig(
    (labour + additionalLabour) * BigInt(institution.esvRate),
    HUNDRED_PERCENT_BIG,
  );
  const base = institution.payrollBase ? labour + additionalLabour + esv : labour;
  const overhead = applyRatioBig(base, institution.overhead);
  const summary = labour + additionalLabour + esv + materials + depreciation + overhead;
  const profit = roundHalfUpDivBig(summary * profitPercent, HUNDRED_PERCENT_BIG);

  return {
    staffLines: staff.map(kopecksBig),
    materialLines: material.map(kopecksBig),
    equipmentLines: equipment.map(kopecksBig),
    labour: kopecksBig(labour),
    additionalLabour: kopecksBig(additionalLabour),
    esv: kopecksBig(esv),
    materials: kopecksBig(materials),
    depreciation: kopecksBig(depreciation),
    overhead: kopecksBig(overhead),
    summary: kopecksBig(summary),
    profit: kopecksBig(profit),
    summaryWithProfit: kopecksBig(summary + profit),
    rates: { ...institution.rates },
  };
}
