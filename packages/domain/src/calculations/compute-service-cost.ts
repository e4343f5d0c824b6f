import type { Decimal } from 'decimal.js';
import { toDecimal } from '../common/money';
import type { CompanyInfo } from '../company/company-info.schema';
import type { CalculationContent, EquipmentLine, PillLine, StuffLine } from './calculation.schema';
import {
  referenceEquipmentLineCost,
  referenceMaterialLineCost,
  referenceServiceCost,
  referenceStaffLineCost,
} from './compute-service-cost-reference';
import {
  equipmentLineKopecks,
  exactServiceCost,
  PRICE_SCALE,
  scaleEquipmentLine,
  SPEND_SCALE,
  fastServiceCost,
  materialLineKopecks,
  prepareInstitution,
  staffLineKopecks,
  type PreparedInstitution,
} from './cost-engine';
import { MINUTES_PER_HOUR, type ServiceCost } from './cost-model';
import { formatKopecks, toScaled } from './fixed-point';
import { DEFAULT_PRICE_ROUNDING, computeServicePrice, type PriceRounding } from './pricing';

export {
  WORKING_DAYS_PER_MONTH,
  storedServiceCost,
  type ServiceCost,
  type StoredServiceCost,
} from './cost-model';
export {
  computeInstitutionCoefficients,
  referenceServiceCost,
  type InstitutionCoefficients,
} from './compute-service-cost-reference';

/*
 * The one place the maths of docs/methodology.md lives for the app: the wizard preview, the server's answers, the
 * stored results and the documents all call these functions. The work is done by cost-engine.ts (exact scaled
 * integers, coefficients once per order); compute-service-cost-reference.ts is the decimal.js formulation the
 * engine is proven against, and answers values the schemas refuse (negative, three decimals, NaN).
 */

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
  const scaled = {
    salary: toScaled(line.salary ?? 0, 100),
    condition: toScaled(line.conditionPercent, 100),
    hours: toScaled(line.workingDay, 10),
    minutes: toScaled(line.timeSpend, 1),
  };
  const bonus = toScaled(bonusPercent, 100);
  if (Object.values(scaled).every((value) => value >= 0) && bonus >= 0) {
    const kopecks = staffLineKopecks(scaled, 10_000 + bonus);
    if (kopecks >= 0) return toDecimal(formatKopecks(kopecks));
  }
  return toDecimal(referenceStaffLineCost(line, bonusPercent));
}

/**
 * Cost of one material line, UAH, rounded half-up to 0.01 (docs/methodology.md "Formulas" 5): `p × q`.
 *
 * @param line `price` p in UAH per one unit of the line's measurement (up to four decimals: 2.375 грн/мл),
 *   `spend` q in units per service (up to three decimals: 2.5 мл).
 */
export function computeMaterialLineCost(line: Pick<PillLine, 'price' | 'spend'>): Decimal {
  const price = toScaled(line.price, PRICE_SCALE);
  const spend = toScaled(line.spend, SPEND_SCALE);
  const kopecks = price >= 0 && spend >= 0 ? materialLineKopecks(price, spend) : -1;
  if (kopecks >= 0) return toDecimal(formatKopecks(kopecks));
  return toDecimal(referenceMaterialLineCost(line));
}

/**
 * Cost of one equipment line, UAH, rounded half-up to 0.01 (docs/methodology.md "Equipment depreciation", issue 38):
 * `(V − S) / N / (T × 60) × u`, the exact cost of one minute of the machine times the minutes it is used for.
 *
 * @param line `firstCost` V and `residualValue` S in UAH, `usefulLifeYears` N, `hoursPerYear` T, `minutes` u.
 */
export function computeEquipmentLineCost(
  line: Pick<
    EquipmentLine,
    'firstCost' | 'residualValue' | 'usefulLifeYears' | 'hoursPerYear' | 'minutes'
  >,
): Decimal {
  const scaled = scaleEquipmentLine(line);
  const kopecks = scaled.wear >= 0 ? equipmentLineKopecks(scaled) : -1;
  if (kopecks >= 0) return toDecimal(formatKopecks(kopecks));
  return toDecimal(referenceEquipmentLineCost(line));
}

/**
 * The cost of one minute of a piece of equipment, `(V − S) / N / (T × 60)` UAH, exact to 20 significant digits: the
 * register shows it as it is typed (rounded for display only; a line rounds its own product, never this rate).
 * 0 when N or T is not positive.
 */
export function equipmentMinuteRate(
  values: Pick<EquipmentLine, 'firstCost' | 'residualValue' | 'usefulLifeYears' | 'hoursPerYear'>,
): Decimal {
  const years = toDecimal(values.usefulLifeYears);
  const hours = toDecimal(values.hoursPerYear);
  if (years.lte(0) || hours.lte(0)) return toDecimal(0);
  return toDecimal(values.firstCost)
    .minus(toDecimal(values.residualValue))
    .dividedBy(years.times(hours).times(MINUTES_PER_HOUR));
}

/**
 * One service from the prepared institution: fast path, else BigInt, else (unscaled input) the reference; then its
 * price rows (VAT of the service, the order's rounding; pricing.ts).
 */
function serviceCost(
  info: CompanyInfo,
  institution: PreparedInstitution | null,
  content: CalculationContent,
  rounding: PriceRounding,
): ServiceCost {
  const cost =
    institution === null
      ? referenceServiceCost(info, content)
      : (fastServiceCost(institution, content) ??
        exactServiceCost(institution, content) ??
        referenceServiceCost(info, content));
  return { ...cost, price: computeServicePrice(cost.summaryWithProfit, content.vat, rounding) };
}

/**
 * Computes the калькуляція of one service (docs/methodology.md "Formulas" 1–8) from the institution data
 * (UAH per year, m², percent) and the calculation (bonus and profitability in percent, salaries UAH per month,
 * minutes, hours, prices UAH per unit), with the price rows of the service's VAT and the order's `rounding`
 * (pricing.ts). Missing institution fields count as 0 and never throw. Every row is the
 * exact value of its formula rounded half-up to 0.01. For many services of one order use
 * {@link computeOrderCosts}, which prepares the institution's coefficients once.
 */
export function computeServiceCost(
  info: CompanyInfo,
  content: CalculationContent,
  rounding: PriceRounding = DEFAULT_PRICE_ROUNDING,
): ServiceCost {
  return serviceCost(info, prepareInstitution(info), content, rounding);
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
 * comes from one function. The institution's coefficients (k_leave, ЄСВ, K) are prepared once for all services;
 * each result equals `computeServiceCost(info, content)`.
 */
export function computeOrderCosts(
  info: CompanyInfo,
  contents: readonly CalculationContent[],
  rounding: PriceRounding = DEFAULT_PRICE_ROUNDING,
): ServiceCost[] {
  const institution = prepareInstitution(info);
  return contents.map((content) => serviceCost(info, institution, content, rounding));
}
