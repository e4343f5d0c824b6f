import type { Acting } from '../../lib/company-scope';
import {
  isMailedStatus,
  isOpenForWork,
  type AdminOrderDetail,
  type AdminOrdersQuery,
  type AdminOrderRow,
  type ChangeOrderStatusInput,
  type MailedStatus,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import type { RunInTransaction } from '../../lib/transaction';
import type { OrderCalculationsStore } from './order-calculations-store';
import { ORDER_MESSAGES } from './order-messages';
import type { OrderStatusChange } from './order-status-change';
import { toAdminOrderDetail, toAdminOrderRow, toOrderRevisions } from './order-views';
import type { OrderRecord, OrdersRepository } from './orders.repository';
import { buildOrderStatusMail, orderStatusMailLink } from './status-mail';

/**
 * The status e-mails (issue 11): the mailer of the password resets, the public address the links start with,
 * and where a failed send is reported (it never undoes the status change).
 */
export interface OrderStatusMail {
  mailer: Mailer;
  appUrl: string;
  onError: (error: unknown, details: { identifier: string; to: string }) => void;
}

/**
 * Issue 34: the provider issues an order's invoice (its number, documents/invoice-numbers.ts) at the latest when
 * the administrator confirms the payment, in that change's transaction.
 */
export interface OrderInvoices {
  issue(orderId: number, tx: Executor): Promise<unknown>;
}

/**
 * The administrator's orders (spec §2 "Admin panel → Orders", issue 11): every company's orders listed and read,
 * and the status call with its e-mails.
 */
export function createAdminOrders(deps: {
  repo: OrdersRepository;
  calculationsStore: Pick<OrderCalculationsStore, 'listOfOrder'>;
  runInTransaction: RunInTransaction;
  changeStatusOf: OrderStatusChange['changeStatusOf'];
  /** Without it no mail is sent. */
  statusMail?: OrderStatusMail | undefined;
  /** Without it no invoice number is given here. */
  invoices?: OrderInvoices | undefined;
}) {
  const { repo, calculationsStore, runInTransaction, changeStatusOf, statusMail, invoices } = deps;

  /**
   * Tells the company's users that the administrator set their order to `payed` or `confirmed`. Runs after the
   * status change has committed; each failed letter is reported and skipped, never thrown.
   */
  async function mailStatusChange(order: OrderRecord, status: MailedStatus): Promise<void> {
    if (!statusMail) return;
    let contacts: Awaited<ReturnType<OrdersRepository['listCompanyContacts']>> = [];
    try {
      contacts = await repo.listCompanyContacts(order.companyId);
    } catch (error) {
      statusMail.onError(error, { identifier: order.identifier, to: '' });
      return;
    }
    const link = orderStatusMailLink(statusMail.appUrl, status, order.identifier);
    for (const contact of contacts) {
      try {
        await statusMail.mailer.send({
          to: contact.email,
          ...buildOrderStatusMail({ name: contact.name, orderName: order.name, status, link }),
        });
      } catch (error) {
        statusMail.onError(error, { identifier: order.identifier, to: contact.email });
      }
    }
  }

  return {
    /**
     * `GET /api/administrator/orders?search&companyIdentifier&status`: every company's orders, newest first
     * (spec §2 "Admin panel → Orders"), narrowed by the optional filters (issue 11).
     */
    async listAllOrders(query: AdminOrdersQuery = {}): Promise<AdminOrderRow[]> {
      return (await repo.listAll(query)).map(toAdminOrderRow);
    },

    /**
     * `GET /api/administrator/orders/{identifier}`: any company's order read-only, with its services and stored
     * results and its status history, oldest first (issue 11). No payment gate: the administrator sees every
     * status.
     */
    async getOrderForAdmin(identifier: string): Promise<AdminOrderDetail> {
      const [row] = await repo.listAll({ identifier });
      if (!row) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
      const [services, history, heads] = await Promise.all([
        calculationsStore.listOfOrder(row.id),
        repo.listStatusHistory(row.id),
        repo.listRevisionHeads(row.id),
      ]);
      return {
        ...toAdminOrderDetail(row, services, history),
        revisions: toOrderRevisions(row, heads, history),
      };
    },

    /**
     * For the documents module's administrator call: any company's order as stored, with its company's registered
     * name (printed when the snapshot has none). A missing order is 404.
     */
    async readOrderForAdmin(
      identifier: string,
    ): Promise<{ order: OrderRecord; companyName: string }> {
      const order = await repo.findByIdentifier(identifier);
      const [row] = order ? await repo.listAll({ identifier }) : [];
      if (!order || !row) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
      return { order, companyName: row.companyName };
    },

    /**
     * `PATCH /api/administrator/orders/change-status`: the administrator sets any of the six statuses (spec §4:
     * no ordering is enforced); this is how the provider confirms payment (`payed`). Setting the status an order
     * already has changes nothing and writes no history row. `by` is recorded in the history (and, a person, in the
     * company's activity log). Setting
     * `payed` or `confirmed` e-mails the company's users after the commit (issue 11), unless `notify: false`
     * (the demo account's set-up, which nobody is waiting to hear about).
     */
    async changeStatus(
      by: Acting,
      input: ChangeOrderStatusInput,
      options: { notify?: boolean } = {},
    ) {
      const outcome = await runInTransaction(async (tx) => {
        const order = await repo.findByIdentifier(input.identifier, tx, { forUpdate: true });
        if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
        if (order.deletedAt !== null)
          throw new AppError('INVALID_STATE', ORDER_MESSAGES.deletedByCompany);
        if (order.status === input.status)
          return { order, changed: false, message: ORDER_MESSAGES.statusUnchanged(order.status) };
        await changeStatusOf(order, input.status, by, tx);
        // Confirming the payment (leaving `created`) issues the invoice, when the administrator has not yet.
        if (!isOpenForWork(order.status) && isOpenForWork(input.status))
          await invoices?.issue(order.id, tx);
        return { order, changed: true, message: ORDER_MESSAGES.statusChanged(input.status) };
      });
      // Only once the change has committed: a rolled-back change must not be announced, and a failed letter
      // must not undo it (issue 11).
      if (outcome.changed && options.notify !== false && isMailedStatus(input.status)) {
        await mailStatusChange(outcome.order, input.status);
      }
      return { message: outcome.message };
    },
  };
}
