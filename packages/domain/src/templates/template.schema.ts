import { z } from '../common/zod';
import { optionSchema } from '../common/pagination';

/** `GET /api/get-categories` (spec §7): categories of services as `{ value, label }`. */
export const categoryOptionSchema = optionSchema;
export type CategoryOption = z.infer<typeof categoryOptionSchema>;

/** `GET /api/get-templates-list` (spec §3 "Template list entry"): the provider's templates by category. */
export const templateListEntrySchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  templates: z.array(z.object({ templateId: z.number().int(), templateName: z.string() })),
});
export type TemplateListEntry = z.infer<typeof templateListEntrySchema>;

/**
 * `GET /api/company/{companyIdentifier}/calculations` (spec §3 "Company calculations entry"): the company's own
 * earlier calculations by category, those of its orders that reached `formed` or later.
 *
 * Note: `orderName` is an addition to the spec's entry (`calculationId`, `name`): the name of the order the
 * calculation belongs to. One template used in several calculated orders otherwise yields identical entries the
 * user cannot tell apart. It is an extra field, so a client that reads only the spec's two keeps working.
 */
export const companyCalculationsEntrySchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  calculations: z.array(
    z.object({ calculationId: z.number().int(), name: z.string(), orderName: z.string() }),
  ),
});
export type CompanyCalculationsEntry = z.infer<typeof companyCalculationsEntrySchema>;
