import { z } from '../common/zod';
import { messageResponseSchema } from '../common/api-error.schema';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoNul,
  idFieldSchema,
  nameFieldSchema,
  publicIdentifierSchema,
  storedRowSchema,
} from '../common/fields';
import { pageQuerySchema } from '../common/pagination';
import { memberRoleSchema } from '../members/member-role';
import { orderCalculationItemSchema, adminOrderListItemSchema } from '../orders/order.schema';
import { orderStatusSchema } from '../orders/order-status';
import { orderRevisionSchema, orderStatusChangeSchema } from '../orders/order-revision.schema';
import { moneyStringSchema } from '../calculations/pricing';

/*
 * The administrator panel's calls (spec §2 "Admin panel", §3, §6 Administrator, §7; issue 11). Every call here is
 * admin-only on the server (403 for a company user, 401 signed out).
 */

/**
 * `GET /api/get-companies-list` (spec §3 "Company list option"): `value` is the company's public identifier, the
 * `{companyId}` the calculations-list path takes (spec §7: `{companyId}` means the company identifier); `label`
 * its registered name. Sorted by label.
 */
export const companyOptionSchema = z.object({ value: z.string(), label: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/** Path parameter `{companyId}` of the admin calls (spec §7: the company's public identifier). */
export const adminCompanyParamsSchema = z.object({ companyId: publicIdentifierSchema('Заклад') });

/**
 * One row of `GET /api/company/{companyId}/calculations/calculations-list` (spec §3 "Calculation (list/admin)"):
 * `companyCode` is the service code (domain `formatServiceCode`, as step 5 and the documents print it);
 * `orderName` and `orderStatus` the order it belongs to. `categoryId`/`categoryName` are additions: the
 * add-to-template dialog proposes the calculation's own category.
 */
export const adminCalculationSchema = storedRowSchema({
  identifier: z.string(),
  companyCode: z.string(),
  name: z.string(),
  orderName: z.string(),
  orderStatus: orderStatusSchema,
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
});
export type AdminCalculation = z.infer<typeof adminCalculationSchema>;

/**
 * `POST /api/calculations/add-to-template` (spec §7): a new template named `templateName` in category
 * `categoryId` whose content is a copy of the calculation (staff lines by qualification, material lines by name,
 * unit and price). A company material or unit it uses is copied to the template level in the same transaction.
 */
export const addToTemplateInputSchema = z.object({
  templateName: nameFieldSchema('Назва шаблону'),
  calculationIdentifier: publicIdentifierSchema('Послуга'),
  categoryId: idFieldSchema('Категорія'),
});
export type AddToTemplateInput = z.infer<typeof addToTemplateInputSchema>;
/** Answer of add-to-template: the toast and the new template's id. */
export const addToTemplateResponseSchema = messageResponseSchema.extend({
  templateId: z.number().int(),
});
export type AddToTemplateResponse = z.infer<typeof addToTemplateResponseSchema>;
export const TEMPLATE_CREATED_MESSAGE = 'Шаблон створено.';

/**
 * `GET /api/get-users?page&perPage&search` (spec §3 "Paged response": the users list has `current_page` and
 * `last_page` at the top level). `search` (an addition) matches name, e-mail, phone or company.
 */
export const adminUsersQuerySchema = pageQuerySchema;
export const adminUserSchema = storedRowSchema({
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Addition: 'admin' or 'user'. */
  role: z.string(),
  /** The user's role in their institution (issue 22). */
  companyRole: memberRoleSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = z.object({
  data: z.array(adminUserSchema),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/**
 * `GET /api/get-templates` (spec §3 "Template"): `category` is the category's name, `template` the template's
 * content (bonus, profit, stuff[], pills[]) as JSON text, the way the spec's client shows it in a JSON tree.
 * `name` and `categoryId` are additions, for the rename / change-category actions.
 */
export const adminTemplateSchema = storedRowSchema({
  category: z.string(),
  categoryId: z.number().int(),
  name: z.string(),
  template: z.string(),
});
export type AdminTemplate = z.infer<typeof adminTemplateSchema>;

/**
 * `PUT /api/templates/{id}` (beyond the spec): rename a template and/or move it to another category. Orders that
 * copied it keep their copy; `DELETE /api/templates/{id}` removes it (the same holds).
 */
export const templateUpdateInputSchema = z.object({
  name: nameFieldSchema('Назва шаблону'),
  categoryId: idFieldSchema('Категорія'),
});
export type TemplateUpdateInput = z.infer<typeof templateUpdateInputSchema>;
export const TEMPLATE_MESSAGES = {
  updated: 'Шаблон змінено.',
  deleted: 'Шаблон видалено.',
  notFound: 'Шаблон не знайдено.',
} as const;

/**
 * Admin `POST /api/pills` and `POST /api/measurements` take an optional `companyIdentifier` (spec §6: the
 * administrator may "add them for a chosen company"): with it the item is created in that company's own list,
 * without it at the template level.
 */
export const forCompanyFieldSchema = z.object({
  companyIdentifier: publicIdentifierSchema('Заклад').optional(),
});

/**
 * `GET /api/administrator/orders?search&companyIdentifier&status` (spec §7 lists all orders; the three filters
 * are additions, each optional): `search` matches the order's name or identifier.
 */
export const adminOrdersQuerySchema = z.object({
  search: z
    .preprocess(
      (value) => (Array.isArray(value) ? value[0] : value),
      z
        .string()
        .transform((text) => text.trim().slice(0, 200))
        .refine(hasNoNul, { error: CONTROL_CHARACTER_MESSAGE }),
    )
    .optional(),
  companyIdentifier: publicIdentifierSchema('Заклад').optional(),
  status: orderStatusSchema.optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/**
 * The admin orders list item with the additions the admin table shows: the company's identifier (for the
 * company filter) and contact (issue 13), the number of services and the fee due.
 */
export const adminOrderRowSchema = adminOrderListItemSchema.extend({
  companyIdentifier: z.string(),
  services: z.number().int(),
  /** The order fee, UAH as a two-decimal string (domain `orderFee`). */
  amount: moneyStringSchema,
  contactEmail: z.string(),
  contactPhone: z.string(),
  /**
   * When the company deleted this paid order (ISO 8601), null otherwise: the company no longer sees it, the
   * provider keeps the record of what was paid (issue 13).
   */
  deletedAt: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** A service of an order as the admin sees it read-only: its content and, once calculated, its results. */
export const adminOrderServiceSchema = orderCalculationItemSchema.extend({
  categoryName: z.string().nullable(),
  summary: moneyStringSchema.nullable(),
  summaryWithProfit: moneyStringSchema.nullable(),
});
export type AdminOrderService = z.infer<typeof adminOrderServiceSchema>;

/**
 * `GET /api/administrator/orders/{identifier}` (the spec's 'Open' button, issue 11): any company's order
 * read-only, with its services and results and its status history (oldest first). Its documents download through
 * `POST /api/administrator/orders/pdf` (same body as `POST /api/orders/pdf`, any company's order).
 */
export const adminOrderDetailSchema = adminOrderRowSchema.extend({
  calculations: z.array(adminOrderServiceSchema),
  history: z.array(orderStatusChangeSchema),
  /** The order's revisions, oldest first, each with its own status history (issue 18); the last is current. */
  revisions: z.array(orderRevisionSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
