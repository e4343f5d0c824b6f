import { z } from 'zod';
import { nameFieldSchema, timestampsSchema } from '../common/fields';

/** A unit of measurement (spec §3 "Measurement"): a standard (template-level) unit or a company's own. */
export const measurementSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .extend(timestampsSchema.shape);
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

/** Body of POST/PUT of a unit (spec §7): its name. */
export const measurementInputSchema = z.object({ name: nameFieldSchema('Назва') });
export type MeasurementInput = z.infer<typeof measurementInputSchema>;
