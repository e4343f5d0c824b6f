import { z } from '../common/zod';
import {
  MAX_AMOUNT,
  MAX_PRICE_DECIMALS,
  MAX_ROW_ID,
  hasNoNul,
  CONTROL_CHARACTER_MESSAGE,
} from '../common/fields';
import { decimalPlaces } from '../common/money';
import {
  EQUIPMENT_FIELD_LABELS,
  EQUIPMENT_MESSAGES,
  hoursPerYearSchema,
  residualBelowCost,
  usefulLifeYearsSchema,
} from '../equipment/equipment.schema';
import { vatModeSchema } from './pricing';

/**
 * Working-day lengths, hours (spec §5/§9), plus 7.7 h: the 38.5-hour week that is the legal norm for doctors and
 * nurses (MOZ Order 319 of 25.05.2006; docs/methodology.md "Inputs").
 */
export const WORKING_DAY_HOURS = [6, 6.5, 7, 7.5, 7.7, 8, 8.5, 9, 10, 12] as const;

/** Longest time one staff line may take, minutes (about 1 666 hours: far beyond any one service). */
export const MAX_TIME_SPEND = 100_000;
/** Largest percent accepted for a bonus, profitability or working-conditions percent. */
export const MAX_PERCENT = 1000;
/** Largest number of units one material line may write off per service. */
export const MAX_SPEND = 1_000_000;
/** Most staff or material lines one calculation may have (a bound on one request's work). */
export const MAX_LINES_PER_CALCULATION = 200;

/** A whole, non-negative count with its Ukrainian messages (minutes). */
const countSchema = (label: string, max: number) =>
  z
    .number({ error: `Поле «${label}» має бути числом.` })
    .int(`Поле «${label}» має бути цілим числом.`)
    .min(0, `Поле «${label}» не може бути від’ємним.`)
    .max(max, `Поле «${label}» завелике.`);

const DECIMALS_IN_WORDS = { 2: 'двох', 3: 'трьох', 4: 'чотирьох' } as const;

/** A non-negative number up to `max` with at most `places` decimals, its messages naming the field's `label`. */
const decimalsSchema = (label: string, max: number, places: keyof typeof DECIMALS_IN_WORDS) =>
  z
    .number({ error: `Поле «${label}» має бути числом.` })
    .min(0, `Поле «${label}» не може бути від’ємним.`)
    .max(max, `Поле «${label}» завелике.`)
    .refine(
      (value) => decimalPlaces(value) <= places,
      `Поле «${label}»: не більше ${DECIMALS_IN_WORDS[places]} знаків після коми.`,
    );

/**
 * A material's spend per service: up to three decimals (0,5 г, 2,5 мл, 0,02 л; issue 23). A whole number, what the
 * spec's wire carried, stays valid.
 */
const spendSchema = (label: string, max: number) => decimalsSchema(label, max, 3);

/** A non-negative percent with at most two decimals (the wizard's step is 0.01, spec §5). */
const percentSchema = (label: string) => decimalsSchema(label, MAX_PERCENT, 2);

/** A money amount of a line, UAH, at most two decimals. */
const lineAmountSchema = (label: string) => decimalsSchema(label, MAX_AMOUNT, 2);

/** A material's price per unit in a line, UAH, up to four decimals (issue 33: 2,375 грн/мл). */
const linePriceSchema = (label: string) => decimalsSchema(label, MAX_AMOUNT, MAX_PRICE_DECIMALS);

/** Free text stored inside a line (names, unit names): at most 600 characters, no NUL. */
const lineTextSchema = z
  .string()
  .max(600, 'Текст задовгий.')
  .refine(hasNoNul, CONTROL_CHARACTER_MESSAGE);

/**
 * The row id a line refers to (a staffing row, a material): positive, and no larger than a stored row id can be,
 * so an absurd id is a field error here rather than an out-of-range error of the database's lookup.
 */
const lineRefSchema = z
  .number()
  .int()
  .positive()
  .max(MAX_ROW_ID, 'Такого запису немає.')
  .nullable();

/** Shown when a working-day length outside {@link WORKING_DAY_HOURS} arrives. */
export const WORKING_DAY_MESSAGE = 'Оберіть тривалість робочого дня зі списку.';

/**
 * A staff (time-cost) line of a calculation (spec §3 "stuff line"). `stuff` is the spec's legacy wire name for
 * staff; `quality` is the chosen position of the staffing table (`id` the company's `staff_rates` row, `name`
 * its label; `id` null when a template's qualification has no row in the company's table, spec §8). Salary is UAH
 * per month, `timeSpend` minutes, `conditionPercent` percent, `workingDay` hours.
 */
export const stuffLineSchema = z.object({
  quality: z.object({ id: lineRefSchema, name: lineTextSchema }).nullable(),
  salary: lineAmountSchema('Оклад').nullable(),
  timeSpend: countSchema('Час виконання, хв', MAX_TIME_SPEND),
  conditionPercent: percentSchema('% за умови праці'),
  workingDay: z
    .number({ error: WORKING_DAY_MESSAGE })
    .refine((h) => (WORKING_DAY_HOURS as readonly number[]).includes(h), {
      message: WORKING_DAY_MESSAGE,
    }),
});
export type StuffLine = z.infer<typeof stuffLineSchema>;

/**
 * A material line (spec §3 "pill line"): `id` the material (a template material or one of the company's own;
 * null until one is chosen), price is UAH per one unit of `measurement_type` (the unit's name), `spend` units per
 * service with up to three decimals (issue 23; whole numbers stay valid).
 */
export const pillLineSchema = z.object({
  id: lineRefSchema,
  name: lineTextSchema,
  price: linePriceSchema('Ціна'),
  spend: spendSchema('Витрата', MAX_SPEND),
  measurement_type: lineTextSchema,
});
export type PillLine = z.infer<typeof pillLineSchema>;

/**
 * An equipment line (issue 38, docs/methodology.md "Equipment depreciation"): `id` the register row (null until one
 * is chosen), its name, V, S, N and T as the register had them when the line took them (re-pricing takes the
 * register's current ones), and the `minutes` u the service uses it for. Costs `round((V − S) / N / (T × 60) × u)`.
 */
export const equipmentLineSchema = z
  .object({
    id: lineRefSchema,
    name: lineTextSchema,
    firstCost: lineAmountSchema(EQUIPMENT_FIELD_LABELS.firstCost).refine(
      (cost) => cost > 0,
      EQUIPMENT_MESSAGES.firstCostPositive,
    ),
    residualValue: lineAmountSchema(EQUIPMENT_FIELD_LABELS.residualValue),
    usefulLifeYears: usefulLifeYearsSchema,
    hoursPerYear: hoursPerYearSchema,
    minutes: countSchema(EQUIPMENT_FIELD_LABELS.minutes, MAX_TIME_SPEND),
  })
  .refine(residualBelowCost, { path: ['residualValue'], message: EQUIPMENT_MESSAGES.residual });
export type EquipmentLine = z.infer<typeof equipmentLineSchema>;

/**
 * The body of one service calculation: bonus % and profitability % with its staff, material and equipment lines.
 * `chronometry` is the step-2 checkbox 'add chronometry act to calculation' (spec §2: tied to no value; kept so
 * the choice survives a save).
 */
export const calculationContentSchema = z.object({
  bonus: percentSchema('Премія, %'),
  profit: percentSchema('Рентабельність, %'),
  chronometry: z.boolean().optional(),
  /** VAT of this service's price (pricing.ts); absent means exempt, as every service was before VAT existed. */
  vat: vatModeSchema.optional(),
  stuff: z
    .array(stuffLineSchema)
    .max(MAX_LINES_PER_CALCULATION, `Не більше ${MAX_LINES_PER_CALCULATION} рядків персоналу.`),
  pills: z
    .array(pillLineSchema)
    .max(MAX_LINES_PER_CALCULATION, `Не більше ${MAX_LINES_PER_CALCULATION} рядків матеріалів.`),
  /**
   * Equipment lines (issue 38). Absent in what the spec's client sends and in every calculation stored before
   * equipment existed: then there is none, and D = 0.
   */
  equipment: z
    .array(equipmentLineSchema)
    .max(MAX_LINES_PER_CALCULATION, `Не більше ${MAX_LINES_PER_CALCULATION} рядків обладнання.`)
    .optional(),
});
export type CalculationContent = z.infer<typeof calculationContentSchema>;

/**
 * The working day a new staff line starts with (issue 33): 7.7 h, the 38.5-hour week of doctors and nurses
 * ({@link WORKING_DAY_HOURS}), where the spec's old client started at 8 h.
 */
export const DEFAULT_WORKING_DAY_HOURS = 7.7;

/**
 * A new staff line (spec §3 "Defaults for a new stuff line": no qualification and no salary yet, 5 minutes,
 * 0 % for working conditions; the working day {@link DEFAULT_WORKING_DAY_HOURS}). The spec's 'level 1 /
 * category 1' are the old client's placeholders for the empty qualification; here that is `quality: null`.
 */
export const newStuffLine = (): StuffLine => ({
  quality: null,
  salary: null,
  timeSpend: 5,
  conditionPercent: 0,
  workingDay: DEFAULT_WORKING_DAY_HOURS,
});

/**
 * A staff line's minutes that are valid but most likely a slip (issue 33): none at all (the line then costs
 * nothing), or more than the line's whole working day. A warning beside the field, never a refusal: a long
 * procedure may truly take that long. Undefined when the minutes look plausible or are no number yet (the
 * schema's message says that).
 */
export function staffTimeWarning(
  line: Pick<StuffLine, 'timeSpend' | 'workingDay'>,
): string | undefined {
  const { timeSpend, workingDay } = line;
  if (typeof timeSpend !== 'number' || !Number.isFinite(timeSpend)) return undefined;
  if (timeSpend === 0) return 'Час виконання 0 хв: рядок нічого не коштує. Перевірте хвилини.';
  // Every working day of the list is a whole number of minutes (7,7 год = 462 хв).
  const dayMinutes = Math.round(workingDay * 60);
  if (Number.isFinite(dayMinutes) && timeSpend > dayMinutes)
    return `Час виконання більший за робочий день (${dayMinutes} хв). Перевірте хвилини.`;
  return undefined;
}

/** The equipment lines of a service: none when the calculation has no `equipment` key (the spec's client). */
export const equipmentLinesOf = (content: Pick<CalculationContent, 'equipment'>): EquipmentLine[] =>
  content.equipment ?? [];

/**
 * A new equipment line (issue 38): the register row chosen for it, its id, name, V, S, N and T as the register has
 * them now, and 0 minutes until the service's minutes are typed.
 */
export const newEquipmentLine = (
  row: Pick<
    EquipmentLine,
    'id' | 'name' | 'firstCost' | 'residualValue' | 'usefulLifeYears' | 'hoursPerYear'
  >,
): EquipmentLine => ({
  id: row.id,
  name: row.name,
  firstCost: row.firstCost,
  residualValue: row.residualValue,
  usefulLifeYears: row.usefulLifeYears,
  hoursPerYear: row.hoursPerYear,
  minutes: 0,
});

/** A new material line (spec §3: empty name, price 0, spend 0, empty unit). */
export const newPillLine = (): PillLine => ({
  id: null,
  name: '',
  price: 0,
  spend: 0,
  measurement_type: '',
});

/**
 * The service code shown in step 5, on /calculations and in the documents (spec §3 "Profitability result":
 * `companyId` is "shown as service code"): the service's number inside its company (issue 23: a company's first
 * service is «00001», whatever other companies have), five digits at least, so codes are stable and sortable.
 */
export const formatServiceCode = (serviceNumber: number): string =>
  String(serviceNumber).padStart(5, '0');

/**
 * The code of a stored service (issue 23): its number inside its company. Every service carries it, a kept
 * revision's too (issue 33: migration 0014 gave the revisions kept without it their service's number), so a
 * revision's papers print the code they printed while it was current.
 */
export const serviceCodeOf = (service: { serviceNumber: number }): string =>
  formatServiceCode(service.serviceNumber);
