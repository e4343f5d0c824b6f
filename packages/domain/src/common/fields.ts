import { z } from 'zod';
import { decimalPlaces } from './money';

/** Largest amount accepted for a price or a salary, UAH. */
export const MAX_AMOUNT = 1_000_000_000;

/** «Поле «…» обов'язкове.» */
export const requiredMessage = (label: string) => `Поле «${label}» обов'язкове.`;

/** A required name: trimmed, not empty, at most 255 characters (issue "Company reference data"). */
export const nameFieldSchema = (label = 'Назва') =>
  z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(255, `Поле «${label}» задовге (до 255 символів).`);

/**
 * A money amount (a price or a salary), UAH: a non-negative number with at most two decimals. The client's
 * numeric inputs may send a number or its text (`'7,50'` too).
 */
export const amountFieldSchema = (label: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim().replace(/\s/g, '').replace(',', '.'))
        : value,
    z
      .number({ error: requiredMessage(label) })
      .finite(`Поле «${label}» має бути числом.`)
      .min(0, `Поле «${label}» не може бути відʼємним.`)
      .max(MAX_AMOUNT, `Поле «${label}» завелике.`)
      .refine((amount) => decimalPlaces(amount) <= 2, `Поле «${label}»: не більше двох знаків після коми.`),
  );

/** Timestamps on the wire: ISO 8601 strings, spelled `created_at`/`updated_at` as spec §3 has them. */
export const timestampsSchema = z.object({ created_at: z.string(), updated_at: z.string() });
