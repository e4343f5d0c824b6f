import { z } from '../common/zod';
import { exceedsJsonDepth, JSON_TOO_DEEP_MESSAGE } from '../common/json-depth';
import {
  idFieldSchema,
  nameFieldSchema,
  publicIdentifierSchema,
  storedRowSchema,
} from '../common/fields';
import { pagedResponseSchema } from '../common/pagination';
import { companyInfoSchema, emptyCompanyInfo } from '../company/company-info.schema';
import { orderStatusResponseSchema, orderStatusSchema } from '../orders/order-status';
import { calculationContentSchema } from './calculation.schema';
import { serviceCostSchema } from './cost-model';
import { moneyStringSchema, priceRoundingSchema } from './pricing';

export { serviceCostSchema };

/** Most services one request may carry (the same bound as an order's calculations). */
export const MAX_SERVICES_PER_REQUEST = 1000;

/**
 * A field the spec's client sends as a JSON string (`save`/`calculate`: `calculations` and `companyInfo` are
 * `JSON.stringify`-ed, spec §7). An object is accepted too. Malformed JSON is a 422 under the field itself, and
 * the parsed value is then checked by `schema`, so a bad value deep inside keeps its full path
 * (`calculations.УЗД.0.calculation.stuff.1.timeSpend`).
 */
export const jsonTextField = <T extends z.ZodType>(schema: T, label: string) =>
  z
    .preprocess((value, ctx) => {
      if (typeof value !== 'string') return value;
      try {
        const parsed = JSON.parse(value) as unknown;
        if (exceedsJsonDepth(parsed)) {
          ctx.addIssue({ code: 'custom', message: JSON_TOO_DEEP_MESSAGE, input: value });
          return z.NEVER;
        }
        return parsed;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `Поле «${label}» містить некоректний JSON.`,
          input: value,
        });
        return z.NEVER;
      }
    }, schema)
    .meta({
      description: `${label}: JSON-текст (як надсилає клієнт) або саме значення.`,
    });

/**
 * A service as the wizard holds it (spec §3 "Calculation item in the wizard"): `id` is the calculation's row id
 * (from `GET /api/orders/{identifier}`), `name` the service name, `calculation` its content. `identifier` and
 * `categoryId` are what the order detail adds; they are read-only here (the server keeps its own).
 */
export const wizardCalculationItemSchema = z.object({
  id: idFieldSchema('Калькуляція'),
  identifier: z.string().max(64).optional(),
  categoryId: z.number().int().nullable().optional(),
  name: nameFieldSchema('Назва послуги'),
  calculation: calculationContentSchema,
});
export type WizardCalculationItem = z.infer<typeof wizardCalculationItemSchema>;

/**
 * A category key no object can hold as data: assigning it replaces the object's prototype, and zod's record drops
 * it silently, so a save would lose (and delete) that category's services. Refused under its own path instead.
 */
const RESERVED_CATEGORY_NAME = '__proto__';
const RESERVED_CATEGORY_MESSAGE = 'Некоректна назва категорії.';

/** The wizard's calculations: an object keyed by category name (spec §3 "Order" detail). */
export const wizardCalculationsSchema = z.record(
  z.string().max(255),
  z.array(wizardCalculationItemSchema),
);
export type WizardCalculations = z.infer<typeof wizardCalculationsSchema>;

/** The list form `[{ category, calculations }]` that calculate-online also accepts (the shape it answers with). */
const calculationsListSchema = z.array(
  z.object({
    category: z
      .string()
      .max(255)
      .refine((category) => category !== RESERVED_CATEGORY_NAME, RESERVED_CATEGORY_MESSAGE),
    calculations: z.array(wizardCalculationItemSchema),
  }),
);

/**
 * `calculations` of calculate-online, save and calculate: the object keyed by category name, or the list form;
 * both arrive as the same object. At most {@link MAX_SERVICES_PER_REQUEST} services.
 *
 * Note: the form is chosen by the value (an array is the list form) rather than by `z.union`. A union whose
 * options all fail answers one `invalid_union` issue at `calculations` as soon as a deep issue aborts its option
 * (a fractional minute count is such an issue), and the client would lose the field path
 * (`calculations.УЗД.0.calculation.stuff.1.timeSpend`) the 422 must keep.
 */
export const calculationsInputSchema = z
  .unknown()
  .transform((value, ctx): WizardCalculations => {
    if (
      typeof value === 'object' &&
      value !== null &&
      Object.hasOwn(value, RESERVED_CATEGORY_NAME)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: [RESERVED_CATEGORY_NAME],
        message: RESERVED_CATEGORY_MESSAGE,
        input: undefined,
      });
      return z.NEVER;
    }
    const parsed = Array.isArray(value)
      ? calculationsListSchema.safeParse(value)
      : wizardCalculationsSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: undefined });
      return z.NEVER;
    }
    if (!Array.isArray(parsed.data)) return parsed.data;
    const grouped: WizardCalculations = {};
    for (const group of parsed.data) {
      // Own keys only: `grouped.constructor` would otherwise be Object itself.
      const earlier = Object.hasOwn(grouped, group.category) ? (grouped[group.category] ?? []) : [];
      grouped[group.category] = [...earlier, ...group.calculations];
    }
    return grouped;
  })
  .refine(
    (value) =>
      Object.values(value).reduce((count, list) => count + list.length, 0) <=
      MAX_SERVICES_PER_REQUEST,
    `Не більше ${MAX_SERVICES_PER_REQUEST} послуг в одному запиті.`,
  )
  // The transform is invisible to JSON Schema (it would document `{}`): the OpenAPI reference gets both forms. Made
  // when the reference is (a getter), not when the module loads: every signed-in page of the web app loads it, and
  // the two descriptions took ≈ 25 ms of a phone's CPU there (issue 39).
  .meta({
    get anyOf() {
      return [wizardCalculationsSchema, calculationsListSchema].map((form) =>
        z.toJSONSchema(form, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }),
      );
    },
  });

/**
 * `POST /api/calculations/calculate-online` (spec §7): the wizard's institution data and calculations; stores
 * nothing. Missing institution data count as 0 (docs/methodology.md), so `companyInfo` may be left out.
 */
export const calculateOnlineInputSchema = z.object({
  companyInfo: jsonTextField(companyInfoSchema, 'Дані закладу')
    .optional()
    .transform((info) => info ?? emptyCompanyInfo()),
  calculations: jsonTextField(calculationsInputSchema, 'Калькуляції'),
  /** The order's rounding of the final price (pricing.ts; beyond the spec): absent means none. */
  priceRounding: priceRoundingSchema.optional(),
});
export type CalculateOnlineInput = z.infer<typeof calculateOnlineInputSchema>;

/**
 * `POST /api/calculations/save` and `POST /api/calculations/calculate` (spec §7): the order, its name, and the
 * wizard's calculations and institution data, the last two as JSON strings as the spec's client sends them.
 */
export const saveCalculationsInputSchema = z.object({
  identifier: publicIdentifierSchema('Замовлення'),
  name: nameFieldSchema('Назва замовлення'),
  calculations: jsonTextField(calculationsInputSchema, 'Калькуляції'),
  companyInfo: jsonTextField(companyInfoSchema, 'Дані закладу'),
  /**
   * The order's rounding of the final price (pricing.ts; beyond the spec, so the spec's client, which does not
   * send it, keeps the order's stored choice).
   */
  priceRounding: priceRoundingSchema.optional(),
  /**
   * The order's revision the wizard loaded (issue 18; beyond the spec): when the order has been re-priced since
   * (another tab), save and calculate answer 409 instead of writing the older revision's data over the new one.
   * The spec's client does not send it and is not checked.
   */
  revision: z
    .number({ error: 'Поле «Редакція» має бути цілим числом.' })
    .int('Поле «Редакція» має бути цілим числом.')
    .positive('Поле «Редакція» має бути цілим числом.')
    .max(100_000, 'Такої редакції замовлення немає.')
    .optional(),
  /**
   * The version of the order's content the wizard loaded or last saved (issue 21; beyond the spec): when the order
   * was saved since (another tab, another person), save and calculate answer 409 instead of writing over it. The
   * spec's client does not send it and is not checked.
   */
  version: z
    .number({ error: 'Поле «Версія» має бути цілим числом.' })
    .int('Поле «Версія» має бути цілим числом.')
    .positive('Поле «Версія» має бути цілим числом.')
    .max(2_000_000_000, 'Поле «Версія» має бути цілим числом.')
    .optional(),
});
export type SaveCalculationsInput = z.infer<typeof saveCalculationsInputSchema>;

/** 422 under `version` of a Calculate that leaves out the content without saying which version it means. */
export const CALCULATE_STORED_VERSION_MESSAGE =
  'Поле «Версія» обов’язкове, коли калькуляції або дані закладу не надіслано.';

/**
 * `POST /api/calculations/calculate`: the body of save, or (issue 34, beyond the spec) without `calculations` and/or
 * `companyInfo`, which then are what the order stores at `version` (required then): a draft the wizard has not
 * changed since it was loaded or saved is calculated without sending it again. So an order at the size limits stays
 * calculable after a re-pricing made its stored content larger than a request may be (413).
 */
export const calculateCalculationsInputSchema = saveCalculationsInputSchema
  .extend({
    calculations: jsonTextField(calculationsInputSchema, 'Калькуляції').optional(),
    companyInfo: jsonTextField(companyInfoSchema, 'Дані закладу').optional(),
  })
  .refine(
    (input) =>
      (input.calculations !== undefined && input.companyInfo !== undefined) ||
      Boolean(input.version),
    { path: ['version'], message: CALCULATE_STORED_VERSION_MESSAGE },
  );
export type CalculateCalculationsInput = z.infer<typeof calculateCalculationsInputSchema>;

/** Money on the wire: UAH with exactly two decimals, as a string (`'243.34'`), so kopecks survive JSON. */

/**
 * One service of the profitability result (spec §3 "Profitability result"): `companyId` is the service code
 * (spec: "companyId (shown as service code)", see `formatServiceCode`), `summary` the cost (собівартість),
 * `summaryWithProfit` the tariff без ПДВ. `costing` is an addition: every row and coefficient of the
 * калькуляція, so step 5 can show how the cost is made up.
 */
export const profitabilityServiceSchema = z.object({
  companyId: z.string(),
  id: z.number().int(),
  name: z.string(),
  summary: moneyStringSchema,
  summaryWithProfit: moneyStringSchema,
  costing: serviceCostSchema,
});
export type ProfitabilityService = z.infer<typeof profitabilityServiceSchema>;

/** Answer of calculate-online: `[{ category, calculations }]` in the order the categories arrived. */
export const profitabilityResultSchema = z.array(
  z.object({ category: z.string(), calculations: z.array(profitabilityServiceSchema) }),
);
export type ProfitabilityResult = z.infer<typeof profitabilityResultSchema>;

/** Answer of save and calculate: the toast and the order's status afterwards. */
export const calculationsSavedResponseSchema = orderStatusResponseSchema.extend({
  /** The order's content version after the write (issue 21): the wizard's next save sends it. */
  version: z.number().int(),
});
export type CalculationsSavedResponse = z.infer<typeof calculationsSavedResponseSchema>;

/**
 * One row of the company's calculated services (`/calculations` page; new call
 * `GET /api/company/{companyIdentifier}/calculated-services?page&perPage&search`): the service with its code,
 * the order it was calculated in and that order's status, its cost and tariff, and the dates (ISO 8601).
 */
export const calculatedServiceSchema = storedRowSchema({
  identifier: z.string(),
  code: z.string(),
  name: z.string(),
  categoryName: z.string().nullable(),
  orderIdentifier: z.string(),
  orderName: z.string(),
  orderStatus: orderStatusSchema,
  summary: moneyStringSchema.nullable(),
  summaryWithProfit: moneyStringSchema.nullable(),
  /**
   * The final tariff (issue 33): «Тариф без ПДВ» with VAT and the order's rounding applied, from the stored price
   * rows (`servicePriceOf`); null until calculated. Added beside the others, so older readers are unaffected.
   */
  tariff: moneyStringSchema.nullable(),
});
export type CalculatedService = z.infer<typeof calculatedServiceSchema>;
export const calculatedServicesPageSchema = pagedResponseSchema(calculatedServiceSchema);
