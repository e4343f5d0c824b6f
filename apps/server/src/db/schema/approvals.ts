import { date, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApprovalSettings, Approver } from '@medcalc/domain';
import { timestamps, parentId } from './columns';
import { companies } from './companies';
import { orders } from './orders';
import { users } from './users';

/**
 * How a company's founder approves its tariffs and the profitability cap it set (issue 35, the /company block
 * «Затвердження тарифів»), kept whole as the domain's `approvalSettingsSchema` writes it. One row per company; a
 * company without one has the domain's `DEFAULT_APPROVAL_SETTINGS`.
 */
export const companyApprovalSettings = pgTable('company_approval_settings', {
  companyId: parentId(() => companies.id).primaryKey(),
  settings: jsonb().$type<ApprovalSettings>().notNull(),
  ...timestamps,
});

/**
 * The founder's decision that approved a confirmed revision's tariffs (issue 35): number, date, the date the tariffs
 * take effect, the kind of body that decided (as set when it was entered) and who entered it. One per (order,
 * revision); the owner may correct it (the change goes to the activity log).
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    id: serial().primaryKey(),
    orderId: parentId(() => orders.id),
    revision: integer().notNull(),
    approver: text().$type<Approver>().notNull(),
    decisionNumber: text().notNull(),
    decisionDate: date({ mode: 'string' }).notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    recordedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('order_approvals_order_revision_unique').on(t.orderId, t.revision)],
);
