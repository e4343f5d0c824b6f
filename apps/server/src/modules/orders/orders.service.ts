import type { ActivityLog } from '../activity/activity-log';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompaniesService } from '../companies/companies.service';
import type { StaffService } from '../staff/staff.service';
import type { TemplatesService } from '../templates/templates.service';
import { createAdminOrders, type OrderInvoices, type OrderStatusMail } from './admin-orders';
import { createOrderAccess } from './order-access';
import type { OrderCalculationsStore } from './order-calculations-store';
import { createOrderLifecycle } from './order-lifecycle';
import { createOrderRevisions } from './order-revisions';
import { createOrderStatusChange } from './order-status-change';
import type { OrdersRepository } from './orders.repository';

export type {
  OrderRecord,
  PaperRecord,
  RevisionRecord,
  RevisionServiceRecord,
} from './orders.repository';
export { ORDER_MESSAGES } from './order-messages';

/**
 * Orders (spec §2 "Orders list", "Create order", §4 statuses): placing, reading, duplicating and deleting a
 * company's orders, their status changes with the status history, and the administrator's list and status call.
 * Company scoping: every method takes the session user's company id (`CompanyScope`), never an identifier from
 * the URL (the `requireOwnCompany` guard has compared that already); another company's order is 404
 * (`find-own-order.ts`). The service is its use cases put together: the company's order from placing to sending
 * (`order-lifecycle.ts`), what other modules do with it (`order-access.ts`), its revisions and papers
 * (`order-revisions.ts`) and the administrator's calls (`admin-orders.ts`); every status change goes through
 * `order-status-change.ts`. Copies of templates and calculations are resolved in `order-copies.ts`, duplicate
 * names in `order-naming.ts`, the wire shapes in `order-views.ts`.
 */
export function createOrdersService(deps: {
  ordersRepository: OrdersRepository;
  /** The `calculations` table's owner (the calculations repository), through the orders module's port. */
  calculationsStore: OrderCalculationsStore;
  templatesService: Pick<TemplatesService, 'findTemplates' | 'existingCategoryIds'>;
  companiesService: Pick<CompaniesService, 'getCompanyInfo'>;
  staffService: Pick<StaffService, 'companyRowsByTemplateIds'>;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
  now?: () => Date;
  /** The status e-mails (issue 11). Without it no mail is sent. */
  statusMail?: OrderStatusMail;
  /** The invoice issued when the payment is confirmed (issue 34). Without it no number is given here. */
  invoices?: OrderInvoices;
}) {
  const { ordersRepository: repo, calculationsStore, runInTransaction, activityLog } = deps;
  const now = deps.now ?? (() => new Date());
  const statusChange = createOrderStatusChange({ repo, calculationsStore, activityLog, now });
  const { changeStatusOf } = statusChange;
  return {
    ...createOrderLifecycle({
      repo,
      calculationsStore,
      copySources: { templatesService: deps.templatesService, staffService: deps.staffService },
      companiesService: deps.companiesService,
      runInTransaction,
      changeStatusOf,
      activityLog,
      now,
    }),
    ...createOrderAccess({ repo, changeStatusOf, now }),
    ...createOrderRevisions({ repo, runInTransaction, statusChange, now }),
    ...createAdminOrders({
      repo,
      calculationsStore,
      runInTransaction,
      changeStatusOf,
      statusMail: deps.statusMail,
      invoices: deps.invoices,
    }),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
