import { z } from '../common/zod';
import { decimalInput, isBlankInput } from '../common/decimal-text';
import {
  CONTROL_CHARACTER_MESSAGE,
  amountFieldSchema,
  hasNoNul,
  nameFieldSchema,
  storedRowSchema,
} from '../common/fields';
import { decimalPlaces } from '../common/money';

/*
 * The equipment register (docs/methodology.md "Equipment depreciation", issue 38): a piece of the institution's
 * equipment whose straight-line depreciation is charged per minute of use to the services that use it.
 */

/** Longest useful life N, whole years. */
export const MAX_USEFUL_LIFE_YEARS = 50;
/** Most planned hours of use a year T: every hour of a leap year. */
export const MAX_HOURS_PER_YEAR = 8784;
/** Most decimals of T. */
export const HOURS_PER_YEAR_DECIMALS = 2;
/** The T a new row starts with: one shift of the 38.5-hour week, 21 days × 12 months × 7,7 h. */
export const SUGGESTED_HOURS_PER_YEAR = 1940.4;
/** Longest inventory number, characters. */
export const MAX_INVENTORY_NUMBER_LENGTH = 64;

/** A register row's fields, in the order its form, its import's columns and its export write them. */
export const EQUIPMENT_REGISTER_FIELDS = [
  'name',
  'inventoryNumber',
  'firstCost',
  'residualValue',
  'usefulLifeYears',
  'hoursPerYear',
] as const;

/** The fields' labels, as the register's form, its import and the 422's messages name them. */
export const EQUIPMENT_FIELD_LABELS = {
  name: 'Назва',
  inventoryNumber: 'Інвентарний номер',
  firstCost: 'Первісна вартість',
  residualValue: 'Ліквідаційна вартість',
  usefulLifeYears: 'Строк корисного використання, років',
  hoursPerYear: 'Годин використання на рік',
  minutes: 'Час використання, хв',
} as const;

/** Shown when the residual value S is not below the first cost V (then nothing is left to depreciate). */
export const RESIDUAL_NOT_BELOW_COST_MESSAGE = 'Ліквідаційна вартість має бути меншою за первісну.';

/** The messages of the register's rules, one place for the form, the register's body and a wizard line. */
export const EQUIPMENT_MESSAGES = {
  firstCostPositive: `Поле «${EQUIPMENT_FIELD_LABELS.firstCost}» має бути більшим за нуль.`,
  lifeYears: `Поле «${EQUIPMENT_FIELD_LABELS.usefulLifeYears}»: ціле число від 1 до ${MAX_USEFUL_LIFE_YEARS}.`,
  hoursPerYear: `Поле «${EQUIPMENT_FIELD_LABELS.hoursPerYear}»: число більше за нуль, до ${MAX_HOURS_PER_YEAR} (стільки годин у році).`,
  hoursDecimals: `Поле «${EQUIPMENT_FIELD_LABELS.hoursPerYear}»: не більше двох знаків після коми.`,
  residual: RESIDUAL_NOT_BELOW_COST_MESSAGE,
} as const;

/** What V, S, N and T are, as numbers: a register row and a wizard line both carry them. */
export interface EquipmentValues {
  /** V, first cost, UAH. */
  firstCost: number;
  /** S, residual value, UAH (0 ≤ S < V). */
  residualValue: number;
  /** N, useful life, whole years. */
  usefulLifeYears: number;
  /** T, planned hours of use a year. */
  hoursPerYear: number;
}

/** The number rules of N and T, shared by the register's body and a wizard line (which take them as numbers). */
export const usefulLifeYearsSchema = z
  .number({ error: EQUIPMENT_MESSAGES.lifeYears })
  .int(EQUIPMENT_MESSAGES.lifeYears)
  .min(1, EQUIPMENT_MESSAGES.lifeYears)
  .max(MAX_USEFUL_LIFE_YEARS, EQUIPMENT_MESSAGES.lifeYears);

export const hoursPerYearSchema = z
  .number({ error: EQUIPMENT_MESSAGES.hoursPerYear })
  .positive(EQUIPMENT_MESSAGES.hoursPerYear)
  .max(MAX_HOURS_PER_YEAR, EQUIPMENT_MESSAGES.hoursPerYear)
  .refine(
    (hours) => decimalPlaces(hours) <= HOURS_PER_YEAR_DECIMALS,
    EQUIPMENT_MESSAGES.hoursDecimals,
  );

/**
 * The S < V check of a register row and of a wizard line. It passes when V is no positive number yet, so a refused
 * V is not reported twice (zod runs an object's check after a field's refusal too).
 */
export const residualBelowCost = (values: { firstCost: unknown; residualValue: unknown }) =>
  typeof values.firstCost !== 'number' ||
  typeof values.residualValue !== 'number' ||
  !(values.firstCost > 0) ||
  values.residualValue < values.firstCost;

/**
 * A register row as the API answers it. `companyIdentifier` is the owning company's, null for the administrator's
 * template equipment (the rows the provider's templates' lines name, which every company's wizard may use).
 */
export const equipmentSchema = storedRowSchema({
  name: z.string(),
  inventoryNumber: z.string(),
  firstCost: z.number(),
  residualValue: z.number(),
  usefulLifeYears: z.number().int(),
  hoursPerYear: z.number(),
  companyIdentifier: z.string().nullable(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

/**
 * Body of POST/PUT of a register row: the name, an optional inventory number, V, S (0 when blank), N and T. The
 * form may send a number or its text (`'1 200 000,00'`).
 */
export const equipmentInputSchema = z
  .object({
    name: nameFieldSchema(EQUIPMENT_FIELD_LABELS.name),
    inventoryNumber: z
      .string()
      .trim()
      .max(
        MAX_INVENTORY_NUMBER_LENGTH,
        `Поле «${EQUIPMENT_FIELD_LABELS.inventoryNumber}» задовге (до ${MAX_INVENTORY_NUMBER_LENGTH} символів).`,
      )
      .refine(hasNoNul, CONTROL_CHARACTER_MESSAGE)
      .optional()
      .default(''),
    firstCost: amountFieldSchema(EQUIPMENT_FIELD_LABELS.firstCost).refine(
      (cost) => cost > 0,
      EQUIPMENT_MESSAGES.firstCostPositive,
    ),
    residualValue: z.preprocess(
      (value) => (isBlankInput(value) ? 0 : value),
      amountFieldSchema(EQUIPMENT_FIELD_LABELS.residualValue),
    ),
    usefulLifeYears: z.preprocess(decimalInput, usefulLifeYearsSchema),
    hoursPerYear: z.preprocess(decimalInput, hoursPerYearSchema),
  })
  .refine(residualBelowCost, { path: ['residualValue'], message: EQUIPMENT_MESSAGES.residual });
export type EquipmentInput = z.infer<typeof equipmentInputSchema>;
