import { z } from '../common/zod';
import { messageResponseSchema } from '../common/api-error.schema';
import { idFieldSchema, nameFieldSchema, publicIdentifierSchema } from '../common/fields';
import { calculationContentSchema } from '../calculations/calculation.schema';
import { moneyStringSchema } from '../calculations/pricing';
import { priceRoundingSchema } from '../calculations/pricing';
import { companyInfoOutputSchema, companyInfoSchema } from '../company/company-info.schema';
import { ORDER_STATUSES, ORDER_STATUS_ALIASES, orderStatusSchema } from './order-status';

/** Where a chosen calculation comes from (spec §3 "New order draft"): a template, an own calculation, or blank. */
export const CALCULATION_SOURCES = ['template', 'calculation'] as const;

/**
 * One entry of a new order (spec §3 "New order draft"): `source` null is a blank row ('add calculation without
 * template'); `templateName` is the (editable) service name; template entries also carry `templateId`.
 */
export const newOrderCalculationSchema = z.object({
  categoryId: idFieldSchema('Категорія'),
  source: z.enum(CALCULATION_SOURCES).nullable().default(null),
  sourceId: idFieldSchema('Джерело').nullable().default(null),
  templateName: nameFieldSchema('Назва послуги'),
  templateId: idFieldSchema('Шаблон').nullable().optional(),
});
export type NewOrderCalculation = z.infer<typeof newOrderCalculationSchema>;

/** Longest order: more calculations than any institution prices at once, and a bound on one request's work. */
export const MAX_CALCULATIONS_PER_ORDER = 200;

/** `POST /api/company/{companyIdentifier}/orders/add` (spec §7). */
export const newOrderInputSchema = z.object({
  userIdentifier: z.string().optional(),
  name: nameFieldSchema('Назва замовлення'),
  companyInfo: companyInfoSchema.optional(),
  calculations: z
    .array(newOrderCalculationSchema)
    .min(1, 'Оберіть хоча б одну калькуляцію.')
    .max(
      MAX_CALCULATIONS_PER_ORDER,
      `Не більше ${MAX_CALCULATIONS_PER_ORDER} калькуляцій в одному замовленні.`,
    ),
});
export type NewOrderInput = z.infer<typeof newOrderInputSchema>;

/** Answer of orders/add and orders/duplicate: the toast and the new order's identifier. */
export const orderCreatedResponseSchema = messageResponseSchema.extend({ identifier: z.string() });
export type OrderCreatedResponse = z.infer<typeof orderCreatedResponseSchema>;

/**
 * The number people quote for an order (issue 33): «З-2026-0007», the order's running number inside its
 * institution within the (Kyiv) year it was placed, four digits at least. The random `identifier` stays in URLs and
 * the API; this is what cards, documents, the admin panel and the log print.
 */
export const formatOrderNumber = (year: number, number: number): string =>
  `З-${year}-${String(number).padStart(4, '0')}`;

/**
 * What every view of an order starts with (spec §3 "Order (list item)"): identifier, name, status, and the order's
 * number people quote (issue 33, `formatOrderNumber`; beyond the spec, which its client ignores).
 */
const orderHeadSchema = z.object({
  identifier: z.string(),
  number: z.string(),
  name: z.string(),
  status: orderStatusSchema,
});

/**
 * `GET /api/orders` item (spec §3 "Order (list item)") with the additions the order card shows so a person can
 * recognise and pay the order (issue 13): when it was placed (ISO 8601), how many services it has and the fee due
 * (domain `orderFee`, UAH as a two-decimal string).
 */
export const orderListItemSchema = orderHeadSchema.extend({
  createdAt: z.string(),
  services: z.number().int(),
  amount: moneyStringSchema,
  /** The order's current revision (issue 18): 1 until its data is updated («Оновити дані в калькуляції»). */
  revision: z.number().int(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** `GET /api/administrator/orders` item: the admin view adds the company and the dates (spec §3). */
export const adminOrderListItemSchema = orderHeadSchema.extend({
  company: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

/** A calculation inside an order, as the wizard edits it (spec §3 "Calculation item in the wizard"). */
export const orderCalculationItemSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  /** The service code (issue 23: its number inside the company, `serviceCodeOf`), as step 5 and the documents show it. */
  code: z.string(),
  categoryId: z.number().int().nullable(),
  name: z.string(),
  calculation: calculationContentSchema,
});
export type OrderCalculationItem = z.infer<typeof orderCalculationItemSchema>;

/**
 * `GET /api/orders/{identifier}` (spec §3 "Order" detail): `calculations` is an object keyed by category name,
 * each value the list of that category's calculations in order.
 */
export const orderDetailSchema = orderHeadSchema.extend({
  companyInfo: companyInfoOutputSchema,
  calculations: z.record(z.string(), z.array(orderCalculationItemSchema)),
  /** The order's rounding of the final price (issue 18, beyond the spec). */
  priceRounding: priceRoundingSchema,
  /** The order's current revision (issue 18). */
  revision: z.number().int(),
  /** The version of the order's content the wizard edits (issue 21): sent back with save and calculate. */
  version: z.number().int(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A service of an order as the read-only view lists it: its name and identifier. */
export const orderServiceNameSchema = z.object({
  identifier: z.string(),
  name: z.string(),
});

/**
 * `GET /api/orders/{identifier}/services` (issue 13): the services of one of the company's orders, read-only, at
 * any status (also `created`, where the wizard's `GET /api/orders/{identifier}` answers 403 until payment), keyed
 * by category name like the detail, each list in position order.
 */
export const orderServicesSchema = orderHeadSchema.extend({
  calculations: z.record(z.string(), z.array(orderServiceNameSchema)),
});
export type OrderServices = z.infer<typeof orderServicesSchema>;

/** Body of calls that name one order: duplicate, approve-from-user (spec §7). */
export const orderIdentifierInputSchema = z.object({
  identifier: publicIdentifierSchema('Замовлення'),
});
export type OrderIdentifierInput = z.infer<typeof orderIdentifierInputSchema>;
/** Path parameter `{identifier}` of an order. */
export const orderParamsSchema = z.object({ identifier: publicIdentifierSchema('Замовлення') });

/**
 * `PATCH /api/administrator/orders/change-status` (spec §7). The admin client may send its own spellings
 * `paid`/`agreed` (spec §4); they are mapped onto the stored values here, once.
 */
export const changeOrderStatusInputSchema = z.object({
  identifier: publicIdentifierSchema('Замовлення'),
  status: z.preprocess(
    (value) =>
      typeof value === 'string' && Object.hasOwn(ORDER_STATUS_ALIASES, value)
        ? ORDER_STATUS_ALIASES[value]
        : value,
    z.enum(ORDER_STATUSES, 'Невідомий статус замовлення.'),
  ),
});
export type ChangeOrderStatusInput = z.infer<typeof changeOrderStatusInputSchema>;

/** Most orders {@link rowUsageSchema} names; `total` counts them all. */
export const ROW_USAGE_LIMIT = 20;

/**
 * `GET …/stuff/{id}/orders`, `GET …/pills/{id}/orders` (issue 33): the company's orders (not deleted) with a
 * calculation line pointing at the staffing row or material, so its delete question can name them. At most
 * {@link ROW_USAGE_LIMIT}, newest updated first; `total` is how many there are.
 */
export const rowUsageSchema = z.object({
  total: z.number().int(),
  orders: z.array(z.object({ identifier: z.string(), name: z.string() })),
});
export type RowUsage = z.infer<typeof rowUsageSchema>;
