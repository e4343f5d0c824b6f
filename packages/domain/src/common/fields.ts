import { z } from './zod';
import { decimalInput, isBlankInput } from './decimal-text';
import { decimalPlaces } from './money';

/** Largest amount accepted for a price or a salary, UAH. */
export const MAX_AMOUNT = 1_000_000_000;

/** «Поле «…» обов’язкове.» */
export const requiredMessage = (label: string) => `Поле «${label}» обов’язкове.`;

/** Shown for text with a NUL character, which PostgreSQL cannot store in text or jsonb. */
export const CONTROL_CHARACTER_MESSAGE = 'Текст містить недопустимі символи.';
/** True when a text has no NUL character (U+0000). */
export const hasNoNul = (text: string) => !text.includes('\u0000');

/** Longest name of a reference item (a material, a unit, a template, an order), in UTF-16 code units. */
export const MAX_NAME_LENGTH = 255;

/** A required name: trimmed, not empty, at most 255 characters (issue "Company reference data"). */
export const nameFieldSchema = (label = 'Назва') =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(MAX_NAME_LENGTH, `Поле «${label}» задовге (до ${MAX_NAME_LENGTH} символів).`)
    .refine(hasNoNul, CONTROL_CHARACTER_MESSAGE);

/** Largest id a stored row can have: PostgreSQL `integer` (`serial`). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id: a whole number from 1 to {@link MAX_ROW_ID}. Path parameters arrive as digit strings; any other
 * text, a boolean or an array is refused rather than coerced (`true` is not row 1).
 */
export const idFieldSchema = (label = 'Ідентифікатор') =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value,
    z
      .number({ error: requiredMessage(label) })
      .int(`Поле «${label}» має бути цілим числом.`)
      // 0 is how a form says "nothing chosen yet", so it reads as a missing value.
      .positive(requiredMessage(label))
      .max(MAX_ROW_ID, `Поле «${label}»: такого запису немає.`),
  );

/**
 * A public identifier of a company, user, order or calculation as the server generates them (lower-case letters
 * and digits); anything else cannot name a row, so it is refused before any query.
 */
export const publicIdentifierSchema = (label = 'Ідентифікатор') =>
  z
    .string({ error: requiredMessage(label) })
    .min(1, requiredMessage(label))
    .regex(/^[a-z0-9]{1,64}$/, `Поле «${label}» має некоректний формат.`);

/** Words for the decimal limits of money fields, as the messages say them. */
const DECIMALS_WORDS = { 2: 'двох', 4: 'чотирьох' } as const;

/** A money amount with at most `decimals` decimals (see {@link amountFieldSchema}, {@link priceFieldSchema}). */
const moneyFieldSchema = (label: string, decimals: 2 | 4) =>
  z.preprocess(
    decimalInput,
    z
      .number({
        error: (issue) =>
          isBlankInput(issue.input) ? requiredMessage(label) : `Поле «${label}»: введіть число.`,
      })
      .min(0, `Поле «${label}» не може бути від’ємним.`)
      .max(MAX_AMOUNT, `Поле «${label}» завелике.`)
      .refine(
        (amount) => decimalPlaces(amount) <= decimals,
        `Поле «${label}»: не більше ${DECIMALS_WORDS[decimals]} знаків після коми.`,
      ),
  );

/**
 * A money amount (a salary, an institution's sum), UAH: a non-negative number up to {@link MAX_AMOUNT} with at
 * most two decimals. The client's numeric inputs may send a number or its text (`'7,50'`, `'1 000,50'`); the text
 * is read strictly by `parseDecimal` (decimal-text.ts), so `'0x1F'`, `'1e5'` or `'Infinity'` are refused, not
 * converted.
 */
export const amountFieldSchema = (label: string) => moneyFieldSchema(label, 2);

/** Most decimals of a material's price per unit (issue 33: a reagent at 2,375 грн/мл). */
export const MAX_PRICE_DECIMALS = 4;

/**
 * A material's price per unit, UAH: as {@link amountFieldSchema}, with up to {@link MAX_PRICE_DECIMALS} decimals
 * (issue 33: a reagent priced per millilitre, 2,375 or 0,0125 грн). A line's cost is still rounded to kopecks
 * (docs/methodology.md, «Матеріали»).
 */
export const priceFieldSchema = (label: string) => moneyFieldSchema(label, MAX_PRICE_DECIMALS);

/** Timestamps on the wire: ISO 8601 strings, spelled `created_at`/`updated_at` as spec §3 has them. */
export const timestampsSchema = z.object({ created_at: z.string(), updated_at: z.string() });

/** A stored row as the API answers it (spec §3): its numeric `id`, its own `fields`, then {@link timestampsSchema}. */
export const storedRowSchema = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.object({ id: z.number().int(), ...fields }).extend(timestampsSchema.shape);
