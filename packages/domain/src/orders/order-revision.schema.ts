import { z } from '../common/zod';
import { idFieldSchema } from '../common/fields';
import { moneyStringSchema } from '../calculations/pricing';
import { priceRoundingSchema } from '../calculations/pricing';
import { orderStatusResponseSchema, orderStatusSchema } from './order-status';

/*
 * The calls of «Оновити дані в калькуляції» (issue 18; spec §2 Orders list → Operations): the preview, the
 * re-pricing that makes a new revision, and the list of an order's revisions. The comparison's shape is the
 * domain's `TariffComparison` (reprice.ts).
 */

/** Shown when re-pricing is asked for an order that is not calculated (409). */
export const REPRICE_NOT_ALLOWED_MESSAGE =
  'Оновити дані можна лише в розрахованому замовленні (розраховане, на погодженні або погоджене).';

/** Shown when the order got a new revision after the preview the client saw (a second click or tab; 409). */
export const REVISION_CHANGED_MESSAGE =
  'Замовлення вже оновлено (можливо, в іншій вкладці). Відкрийте попередній перегляд ще раз.';

/**
 * Shown when the wizard saves or calculates a revision the order has left (it was re-priced in another tab since
 * the wizard loaded it; 409, nothing stored).
 */
export const WIZARD_REVISION_CHANGED_MESSAGE =
  'Дані замовлення вже оновлено в іншій вкладці (створено нову редакцію). Перезавантажте сторінку, щоб працювати з поточною редакцією.';

/**
 * Shown when the wizard saves or calculates data based on an older version of the order (issue 21: it was saved
 * in another tab or by another person since; 409, nothing stored).
 */
export const WIZARD_VERSION_CHANGED_MESSAGE =
  'Замовлення вже змінено в іншій вкладці або іншим користувачем. Оберіть, які дані залишити.';

/** Shown for a revision number the order does not have (404). */
export const REVISION_NOT_FOUND_MESSAGE = 'Такої редакції замовлення немає.';

/** Answer of a successful re-pricing. */
export const REPRICED_MESSAGE =
  'Дані в калькуляції оновлено: створено нову редакцію. Перевірте її в майстрі та натисніть «Розрахувати».';

const comparedAmountsSchema = z.object({ summary: moneyStringSchema, tariff: moneyStringSchema });

/** One input change in words, with the services it touches (empty: the whole order). */
export const inputChangeSchema = z.object({
  kind: z.enum([
    'institution',
    'rounding',
    'salary',
    'position',
    'material',
    'equipment',
    'service',
    'norms',
    'missing-staff',
    'missing-material',
    'missing-equipment',
  ]),
  text: z.string(),
  services: z.array(z.string()),
  refId: z.number().int().optional(),
});

/** The comparison of two revisions (domain `TariffComparison`). */
export const tariffComparisonSchema = z.object({
  categories: z.array(
    z.object({
      category: z.string(),
      services: z.array(
        z.object({
          id: z.number().int(),
          identifier: z.string(),
          code: z.string(),
          name: z.string(),
          before: comparedAmountsSchema.nullable(),
          after: comparedAmountsSchema.nullable(),
          delta: moneyStringSchema.nullable(),
          deltaPercent: z.string().nullable(),
        }),
      ),
    }),
  ),
  totals: z.object({
    before: comparedAmountsSchema,
    after: comparedAmountsSchema,
    delta: moneyStringSchema,
    deltaPercent: z.string().nullable(),
  }),
  changes: z.array(inputChangeSchema),
});

/**
 * `GET /api/orders/{identifier}/reprice-preview`: what re-pricing the order with the company's current data would
 * change. `revision` is the order's current revision, which the client sends back to `reprice`. Stores nothing.
 */
export const repricePreviewSchema = tariffComparisonSchema.extend({
  identifier: z.string(),
  name: z.string(),
  status: orderStatusSchema,
  revision: z.number().int(),
  priceRounding: priceRoundingSchema,
});
export type RepricePreview = z.infer<typeof repricePreviewSchema>;

/** `POST /api/orders/{identifier}/reprice` body: the revision the preview showed (409 when it is no longer current). */
export const repriceInputSchema = z.object({ revision: idFieldSchema('Редакція') });
export type RepriceInput = z.infer<typeof repriceInputSchema>;

/** Answer of `reprice`: the order's status afterwards (`saved`) and its new revision number. */
export const repriceResponseSchema = orderStatusResponseSchema.extend({
  revision: z.number().int(),
});
export type RepriceResponse = z.infer<typeof repriceResponseSchema>;

/**
 * One status change of an order or of one of its revisions: from, to, who (name, or null when the user is gone),
 * when. The admin's order detail lists the order's whole history in the same shape.
 */
export const orderStatusChangeSchema = z.object({
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  userName: z.string().nullable(),
  created_at: z.string(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/**
 * One revision of an order: its number, its status (the order's for the current one, the status it had when it
 * was superseded otherwise), when it started, was last calculated and approved (ISO 8601), and its history.
 */
export const orderRevisionSchema = z.object({
  number: z.number().int(),
  current: z.boolean(),
  status: orderStatusSchema,
  startedAt: z.string(),
  calculatedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  history: z.array(orderStatusChangeSchema),
});
export type OrderRevision = z.infer<typeof orderRevisionSchema>;

/** `GET /api/orders/{identifier}/revisions`: the order's revisions, oldest first; the last one is current. */
export const orderRevisionsSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  revision: z.number().int(),
  revisions: z.array(orderRevisionSchema),
});
export type OrderRevisions = z.infer<typeof orderRevisionsSchema>;
