import type { Acting } from '../../lib/company-scope';
import type { CompanyInfo, OrderStatus, PriceRounding } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { findOwnOrder } from './find-own-order';
import type { OrderStatusChange } from './order-status-change';
import type { OrderRecord, OrdersRepository } from './orders.repository';

/**
 * What other modules do with a company's order through the orders service: the documents read it; the wizard's
 * save and calculate (calculations module) lock it, write its draft and move its status.
 */
export function createOrderAccess(deps: {
  repo: OrdersRepository;
  changeStatusOf: OrderStatusChange['changeStatusOf'];
  now: () => Date;
}) {
  const { repo, changeStatusOf, now } = deps;
  return {
    /**
     * For the documents module: the company's order as stored, whatever its status (the caller decides what the
     * status allows). Another company's order is 404, like a missing one.
     */
    async readOwnOrder(companyId: number, identifier: string): Promise<OrderRecord> {
      return findOwnOrder(repo, companyId, identifier);
    },

    /**
     * For the calculations module (save, calculate): the company's order, locked (`SELECT … FOR UPDATE`) until the
     * caller's transaction ends, so two saves or a save and a status change cannot interleave. Another company's
     * order is 404, like a missing one.
     */
    async lockOwnOrder(companyId: number, identifier: string, tx: Executor): Promise<OrderRecord> {
      return findOwnOrder(repo, companyId, identifier, tx, { forUpdate: true });
    },

    /**
     * For the calculations module: stores the wizard's order name and institution-data snapshot, and the rounding
     * of the final prices when the wizard sent one; answers the order's content version after the write (issue 21).
     */
    async updateDraft(
      order: OrderRecord,
      values: { name: string; companyInfo: CompanyInfo; priceRounding?: PriceRounding | undefined },
      tx: Executor,
    ): Promise<number> {
      const version = order.version + 1;
      await repo.updateOrder(order.id, { ...values, version, updatedAt: now() }, tx);
      return version;
    },

    /**
     * For the calculations module: moves an order locked by `lockOwnOrder` to `to` with its history row, in the
     * caller's transaction. Nothing happens when the order already has that status.
     */
    async changeStatusInTransaction(
      order: OrderRecord,
      to: OrderStatus,
      by: Acting,
      tx: Executor,
    ): Promise<void> {
      if (order.status !== to) await changeStatusOf(order, to, by, tx);
    },
  };
}
