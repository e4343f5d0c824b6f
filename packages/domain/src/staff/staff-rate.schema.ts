import { z } from '../common/zod';
import { amountFieldSchema, idFieldSchema, nameFieldSchema } from '../common/fields';

/** A row of the staffing table (spec §3 "Staff rate"); salary is UAH per month. */
export const staffRateSchema = z.object({
  id: z.number().int(),
  qualification: z.string(),
  category: z.string(),
  scientific_degree: z.string(),
  salary: z.number(),
});
export type StaffRate = z.infer<typeof staffRateSchema>;

/** `POST /api/change-salary` (spec §7): sent 2 s after the last keystroke. */
export const changeSalaryInputSchema = z.object({
  id: idFieldSchema('Посада'),
  salary: amountFieldSchema('Оклад'),
});
export type ChangeSalaryInput = z.infer<typeof changeSalaryInputSchema>;

/** The salary edit is saved this long after the last keystroke, milliseconds (spec §4, §9). */
export const SALARY_SAVE_DELAY_MS = 2000;

/** Categories offered for a company's own position (МОЗ/Мінпраці 308/519, p. 3.3). */
export const STAFF_CATEGORIES = ['вища', 'перша', 'друга', 'без категорії'] as const;
/** Scientific degrees offered for a company's own position. */
export const SCIENTIFIC_DEGREES = [
  'немає',
  'кандидат медичних наук',
  'доктор медичних наук',
] as const;

/**
 * `POST /api/company/{companyIdentifier}/stuff` (new call, issue "Company reference data"): a company's own
 * position in its staffing table.
 */
export const staffRateInputSchema = z.object({
  qualification: nameFieldSchema('Кваліфікація'),
  category: z.enum(STAFF_CATEGORIES, 'Оберіть категорію зі списку.'),
  scientific_degree: z.enum(SCIENTIFIC_DEGREES, 'Оберіть науковий ступінь зі списку.'),
  salary: amountFieldSchema('Оклад'),
});
export type StaffRateInput = z.infer<typeof staffRateInputSchema>;
