import { z } from '../common/zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  priceFieldSchema,
  hasNoNul,
  nameFieldSchema,
  requiredMessage,
  storedRowSchema,
} from '../common/fields';

/**
 * A material, the spec's "pill" (spec §3 "Material"). `measurementType` carries the unit's name; `price` is UAH
 * per one unit. `companyIdentifier` is null for a template-level (provider's) material.
 */
export const pillSchema = storedRowSchema({
  name: z.string(),
  measurementType: z.string(),
  price: z.number(),
  companyIdentifier: z.string().nullable(),
});
export type Pill = z.infer<typeof pillSchema>;

/** Admin view of other companies' materials: also the author company (spec §2 Admin panel → Materials). */
export const companyPillSchema = pillSchema.extend({ company: z.string() });
export type CompanyPill = z.infer<typeof companyPillSchema>;

/**
 * Body of POST/PUT of a material (spec §7): name, the unit's name as `measurementType` (a standard unit or one of
 * the company's own), and the price per unit in UAH (up to four decimals, issue 33: 2,375 грн/мл).
 */
export const pillInputSchema = z.object({
  name: nameFieldSchema('Назва'),
  measurementType: z
    .string({ error: requiredMessage('Одиниця виміру') })
    .trim()
    .min(1, requiredMessage('Одиниця виміру'))
    .refine(hasNoNul, CONTROL_CHARACTER_MESSAGE),
  price: priceFieldSchema('Ціна'),
});
export type PillInput = z.infer<typeof pillInputSchema>;
