import { z } from '../common/zod';
import { OVERHEAD_BASES, OVERHEAD_METHODS } from '../company/company-info.schema';
import { moneyStringSchema, servicePriceSchema } from './pricing';

/** D: working days in a month (spec §9; docs/methodology.md "Inputs"). */
export const WORKING_DAYS_PER_MONTH = 21;

/** Minutes in an hour: the staff line is costed per minute of staff time. */
export const MINUTES_PER_HOUR = 60;

/** The five salary funds whose sum is the denominator of k_leave (docs/methodology.md "Formulas" 3). */
export const SALARY_FUND_FIELDS = [
  'medical_staff_salary_fund',
  'supply_staff_salary_fund',
  'food_service_staff_salary_fund',
  'general_staff_salary_fund',
  'administrative_staff_salary_fund',
] as const;

/** The expense fields of the overhead pool that are not salary funds (docs/methodology.md "Formulas" 6). */
export const POOL_EXPENSE_FIELDS = [
  'operational_expenses',
  'general_depreciation',
  'other_general_expenses',
  'other_administrative_expenses',
  'advertising_material_creation_and_placement_budget',
] as const;

/** The salary funds of the overhead pool, each taken with its ЄСВ (docs/methodology.md "Formulas" 6). */
export const POOL_SALARY_FIELDS = [
  'general_staff_salary_fund',
  'administrative_staff_salary_fund',
] as const;

/**
 * Every row of one service's калькуляція. Amounts are UAH as strings with exactly two decimals (`'131.72'`),
 * so kopecks survive JSON and storage in `numeric(14, 2)` unchanged. Each row is the exact value of its formula
 * rounded half-up to 0.01, and every total is the sum of the rounded rows it adds up (docs/methodology.md
 * "Formulas"). The wire shape (calculate-online's `costing`, the stored results) and {@link ServiceCost} are one:
 * the type is inferred from it.
 */
export const serviceCostSchema = z.object({
  /** Cost of each staff line, in the order of `content.stuff`. */
  staffLines: z.array(moneyStringSchema),
  /** Cost of each material line, in the order of `content.pills`. */
  materialLines: z.array(moneyStringSchema),
  /**
   * Cost of each equipment line, in the order of `content.equipment` (issue 38). A калькуляція stored before
   * equipment existed has none.
   */
  equipmentLines: z.array(moneyStringSchema).default([]),
  /** L, Основна заробітна плата: the sum of the staff lines. */
  labour: moneyStringSchema,
  /** A, Додаткова заробітна плата (відпустки): L × k_leave. */
  additionalLabour: moneyStringSchema,
  /** E, ЄСВ: (L + A) × rate / 100. */
  esv: moneyStringSchema,
  /** M, Матеріали: the sum of the material lines. */
  materials: moneyStringSchema,
  /**
   * D, Амортизація обладнання (issue 38): the sum of the equipment lines; not part of the overhead base. 0.00 in a
   * калькуляція stored before equipment existed.
   */
  depreciation: moneyStringSchema.default('0.00'),
  /** OH, Накладні витрати: K × L (`computed`, or `fixed` on `labour`) or K × (L + A + E) (`fixed` on `payroll`). */
  overhead: moneyStringSchema,
  /** C, Собівартість (spec's `summary`): L + A + E + M + D + OH. */
  summary: moneyStringSchema,
  /** P, Прибуток: C × R / 100, R the calculation's profitability percent. */
  profit: moneyStringSchema,
  /** Тариф без ПДВ (spec's `summaryWithProfit`): C + P. */
  summaryWithProfit: moneyStringSchema,
  /**
   * ПДВ, Тариф з ПДВ, Округлення and the final Тариф (pricing.ts, docs/methodology.md "VAT", "Rounding of the
   * final price"). The engine always attaches them; a калькуляція stored before they existed has none, and is read
   * through `servicePriceOf` (exempt, unrounded).
   */
  price: servicePriceSchema.optional(),
  /** The coefficients as printed on the калькуляція, percent with four decimals (`'33.6897'`). */
  rates: z.object({
    /** k_leave, percent of L. */
    leavePercent: z.string(),
    /** ЄСВ rate, percent of L + A. */
    esvPercent: z.string(),
    /** K, percent of the overhead base. */
    overheadPercent: z.string(),
    overheadMethod: z.enum(OVERHEAD_METHODS),
    overheadBase: z.enum(OVERHEAD_BASES),
  }),
});
export type ServiceCost = z.infer<typeof serviceCostSchema>;

/**
 * A калькуляція as a stored row holds it: one calculated before issue 38 has no `equipmentLines` and no
 * `depreciation`. The stored JSON is read as it was written (not through {@link serviceCostSchema}, whose defaults
 * would fill them), so readers that print the rows take it through {@link storedServiceCost}.
 */
export type StoredServiceCost = Omit<ServiceCost, 'equipmentLines' | 'depreciation'> &
  Partial<Pick<ServiceCost, 'equipmentLines' | 'depreciation'>>;

/** A stored калькуляція with the equipment rows it may lack filled in as none: no lines, D = 0.00. */
export const storedServiceCost = (cost: StoredServiceCost): ServiceCost => ({
  ...cost,
  equipmentLines: cost.equipmentLines ?? [],
  depreciation: cost.depreciation ?? '0.00',
});
