import { z } from '../common/zod';
import { nameFieldSchema, storedRowSchema } from '../common/fields';

/** A unit of measurement (spec §3 "Measurement"): a standard (template-level) unit or a company's own. */
export const measurementSchema = storedRowSchema({ name: z.string() });
export type Measurement = z.infer<typeof measurementSchema>;

/** Admin view of other companies' units: also the author company (spec §2 Admin panel → Measurements). */
export const companyMeasurementSchema = measurementSchema.extend({
  company: z.string(),
  companyIdentifier: z.string(),
});
export type CompanyMeasurement = z.infer<typeof companyMeasurementSchema>;

/** `GET /api/get-measurements`: the standard units as dropdown options (spec §7 "value and label"). */
export const standardMeasurementOptionSchema = z.object({
  value: z.number().int(),
  label: z.string(),
});
export type StandardMeasurementOption = z.infer<typeof standardMeasurementOptionSchema>;

/**
 * Longest unit name: a unit is a word or an abbreviation («мл», «упаковка», «флакон 10 мл»), never a sentence
 * (issue 13: a 255-character unit pushed every other column out of view). Only new and edited names are held to
 * it; longer names stored before stay readable (`measurementSchema` takes any text).
 */
export const MAX_MEASUREMENT_NAME_LENGTH = 30;

/** Body of POST/PUT of a unit (spec §7): its name, at most {@link MAX_MEASUREMENT_NAME_LENGTH} characters. */
export const measurementInputSchema = z.object({
  name: nameFieldSchema('Назва').max(
    MAX_MEASUREMENT_NAME_LENGTH,
    `Назва одиниці виміру задовга: до ${MAX_MEASUREMENT_NAME_LENGTH} символів (наприклад, «мл», «упаковка»).`,
  ),
});
export type MeasurementInput = z.infer<typeof measurementInputSchema>;
