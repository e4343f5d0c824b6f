import {
  APPROVED_ORDER_DELETE_MESSAGE,
  memberCan,
  type MemberRole,
  CALCULATED_STATUSES,
  PAYMENT_PENDING_MESSAGE,
  SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE,
  canSendForApproval,
  isApproved,
  isOpenForWork,
  orderDeletion,
  type CompanyCalculationsEntry,
  type NewOrderInput,
  type OrderDetail,
  type OrderListItem,
  type PriceRounding,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import { AppError } from '../../lib/app-error';
import { userIdOf, type CompanyScope, type WorkScope } from '../../lib/company-scope';
import { kyivParts } from '../../lib/kyiv-time';
import { newIdentifier } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompaniesService } from '../companies/companies.service';
import { findOwnOrder } from './find-own-order';
import type { OrderCalculationsStore } from './order-calculations-store';
import { resolveCopies, type CopySources, type ResolvedCopy } from './order-copies';
import { ORDER_MESSAGES } from './order-messages';
import { duplicateName } from './order-naming';
import type { OrderStatusChange } from './order-status-change';
import {
  toCompanyCalculationsEntries,
  toOrderDetail,
  toOrderListItem,
  toOrderServices,
} from './order-views';
import type { OrderRecord, OrdersRepository } from './orders.repository';

/**
 * A company's order from placing to sending for approval (spec §2 "Orders list", "Create order", §4): placing,
 * reading, duplicating, deleting and sending it, and the calculations a new order may copy.
 */
export function createOrderLifecycle(deps: {
  repo: OrdersRepository;
  calculationsStore: OrderCalculationsStore;
  copySources: Omit<CopySources, 'calculationsStore'>;
  companiesService: Pick<CompaniesService, 'getCompanyInfo'>;
  runInTransaction: RunInTransaction;
  changeStatusOf: OrderStatusChange['changeStatusOf'];
  activityLog: ActivityLog;
  now: () => Date;
}) {
  const { repo, calculationsStore, companiesService, runInTransaction, changeStatusOf } = deps;
  const { activityLog, now } = deps;
  const copySources = { ...deps.copySources, calculationsStore };

  /** Creates an order in `created` with its first history row (from nothing to created) and its calculations. */
  async function insertNewOrder(
    values: {
      companyId: number;
      userId: number;
      name: string;
      companyInfo: OrderRecord['companyInfo'];
      /** A duplicate keeps its source's rounding of the final prices (issue 18); a new order has none. */
      priceRounding?: PriceRounding;
    },
    copies: ReadonlyArray<ResolvedCopy & { categoryId: number | null; name: string }>,
    tx: Executor,
  ): Promise<OrderRecord> {
    const at = now();
    const order = await repo.insertOrder(
      {
        identifier: newIdentifier(),
        ...values,
        status: 'created',
        numberYear: Number(kyivParts(at).year),
        createdAt: at,
        updatedAt: at,
      },
      tx,
    );
    await repo.insertStatusHistory(
      {
        orderId: order.id,
        userId: values.userId,
        fromStatus: null,
        toStatus: 'created',
        revision: order.revision,
        at,
      },
      tx,
    );
    await calculationsStore.insertMany(
      copies.map((copy, position) => ({
        identifier: newIdentifier(),
        orderId: order.id,
        companyId: values.companyId,
        categoryId: copy.categoryId,
        name: copy.name,
        source: copy.source,
        sourceId: copy.sourceId,
        position,
        content: copy.content,
        createdAt: at,
        updatedAt: at,
      })),
      tx,
    );
    return order;
  }

  return {
    /**
     * `POST /api/company/{companyIdentifier}/orders/add` (spec §2 "Create order", §7): in one transaction, the
     * order in `created` (payment is confirmed later by the provider, spec §1), its first history row, a snapshot
     * of the company's stored institution data, and a copy of every chosen calculation. The copies never follow
     * later edits of their templates or source calculations. The client's `companyInfo` is ignored: it is only
     * what the client read from the same stored data, and the server's copy cannot be tampered with. The demo
     * account's set-up places its order too, with no actor and so no activity row.
     */
    async createOrder(scope: WorkScope, input: NewOrderInput) {
      const { companyId } = scope;
      const userId = userIdOf(scope);
      return runInTransaction(async (tx) => {
        const companyInfo = await companiesService.getCompanyInfo(companyId, tx);
        const copies = await resolveCopies(copySources, companyId, input.calculations, tx);
        const order = await insertNewOrder(
          { companyId, userId, name: input.name, companyInfo },
          copies.map((copy, index) => {
            const entry = input.calculations[index];
            return {
              ...copy,
              categoryId: entry?.categoryId ?? null,
              name: entry?.templateName ?? '',
            };
          }),
          tx,
        );
        if (scope.actor)
          await activityLog.record(tx, scope, {
            kind: 'order-created',
            subject: order.identifier,
            orderName: input.name,
            changes: changeOf('Назва', null, input.name),
          });
        return { message: ORDER_MESSAGES.created, identifier: order.identifier };
      });
    },

    /** `GET /api/orders`: the company's orders, newest first (spec §2 "Orders list"). */
    async listOrders(companyId: number): Promise<OrderListItem[]> {
      return (await repo.listByCompany(companyId)).map(toOrderListItem);
    },

    /**
     * `GET /api/orders/{identifier}` (spec §3 "Order" detail): the wizard's data, calculations grouped by
     * category name in position order. The payment gate (spec §1): a `created` order answers 403.
     */
    async getOrder(companyId: number, identifier: string): Promise<OrderDetail> {
      const order = await findOwnOrder(repo, companyId, identifier);
      if (!isOpenForWork(order.status)) throw new AppError('FORBIDDEN', PAYMENT_PENDING_MESSAGE);
      return toOrderDetail(order, await calculationsStore.listOfOrder(order.id));
    },

    /**
     * `GET /api/orders/{identifier}/services` (issue 13): the order's services, read-only, at any status (an unpaid
     * `created` order included: only editing waits for payment).
     */
    async getOrderServices(companyId: number, identifier: string) {
      const order = await findOwnOrder(repo, companyId, identifier);
      return toOrderServices(order, await calculationsStore.listOfOrder(order.id));
    },

    /**
     * `DELETE /api/orders/{identifier}` (spec §2 delete modal). An unpaid (`created`) order goes with its
     * calculations and history. A paid one (any other status) is only marked deleted (issue 13): gone for the
     * company (404, out of its lists) but kept for the administrator, because the provider must keep a record of
     * what was paid. The row is locked so a payment confirmed meanwhile cannot be erased. An order with an
     * approved revision is deleted by the owner only (issue 33, 403 for other roles).
     */
    async deleteOrder(companyId: number, identifier: string, role: MemberRole | null) {
      return runInTransaction(async (tx) => {
        const order = await findOwnOrder(repo, companyId, identifier, tx, { forUpdate: true });
        // Issue 33: once a revision was approved (signed papers exist), only the owner deletes the order. Its
        // history says so for every revision, also after a re-pricing opened a new one.
        if (
          orderDeletion(order.status) === 'soft' &&
          !memberCan(role, 'deleteApproved') &&
          (await repo.listStatusHistory(order.id, tx)).some((change) => isApproved(change.toStatus))
        )
          throw new AppError('FORBIDDEN', APPROVED_ORDER_DELETE_MESSAGE);
        if (orderDeletion(order.status) === 'hard') await repo.deleteById(order.id, tx);
        else {
          const at = now();
          await repo.updateOrder(order.id, { deletedAt: at, updatedAt: at }, tx);
        }
        return { message: ORDER_MESSAGES.deleted };
      });
    },

    /**
     * `POST /api/orders/duplicate` (spec §2 "create a new calculation based on this one"): a new order in
     * `created`, because a new order is a new payment (spec §9: 240 UAH per calculation), with copies of all
     * calculations and of the order's institution-data snapshot.
     */
    async duplicateOrder(scope: CompanyScope, identifier: string) {
      return runInTransaction(async (tx) => {
        const source = await findOwnOrder(repo, scope.companyId, identifier, tx);
        const rows = await calculationsStore.listOfOrder(source.id, tx);
        const companyOrders = await repo.listByCompany(source.companyId, tx);
        const order = await insertNewOrder(
          {
            companyId: source.companyId,
            userId: scope.actor.userId,
            name: duplicateName(source.name, new Set(companyOrders.map((o) => o.name))),
            companyInfo: structuredClone(source.companyInfo),
            priceRounding: source.priceRounding,
          },
          rows.map((row) => ({
            categoryId: row.categoryId,
            name: row.name,
            source: 'calculation' as const,
            sourceId: row.id,
            content: structuredClone(row.content),
          })),
          tx,
        );
        return { message: ORDER_MESSAGES.duplicated, identifier: order.identifier };
      });
    },

    /** `POST /api/calculations/approve-from-user`: 'send for approval', only from `formed` to `sent` (spec §4). */
    async sendForApproval(scope: CompanyScope, identifier: string) {
      return runInTransaction(async (tx) => {
        const order = await findOwnOrder(repo, scope.companyId, identifier, tx, {
          forUpdate: true,
        });
        if (!canSendForApproval(order.status)) {
          throw new AppError('INVALID_STATE', SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE);
        }
        await changeStatusOf(order, 'sent', scope, tx);
        return { message: ORDER_MESSAGES.sentForApproval };
      });
    },

    /**
     * `GET /api/company/{companyIdentifier}/calculations` (spec §3 "Company calculations entry"): the company's
     * own calculations from orders that reached `formed` or later, by category (id order), names sorted.
     */
    async listCompanyCalculations(companyId: number): Promise<CompanyCalculationsEntry[]> {
      const rows = await calculationsStore.listUsable({ companyId, statuses: CALCULATED_STATUSES });
      return toCompanyCalculationsEntries(rows);
    },
  };
}
