import type { Acting } from '../../lib/company-scope';
import {
  isApproved,
  type CompanyInfo,
  type InputChange,
  type OrderRevision,
  type OrderRevisions,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import type { RunInTransaction } from '../../lib/transaction';
import { findOwnOrder } from './find-own-order';
import { calculationIn, type OrderStatusChange } from './order-status-change';
import { toOrderRevisions } from './order-views';
import type {
  OrderRecord,
  OrdersRepository,
  PaperRecord,
  RevisionRecord,
  RevisionServiceRecord,
} from './orders.repository';

/**
 * An order's revisions (issue 18) and the papers they froze (issue 33): the re-pricing's next revision, the
 * revisions with their histories, an earlier revision, the frozen paper, and who calculated each revision.
 */
export function createOrderRevisions(deps: {
  repo: OrdersRepository;
  runInTransaction: RunInTransaction;
  statusChange: OrderStatusChange;
  now: () => Date;
}) {
  const { repo, runInTransaction, now } = deps;
  const { changeStatusOf, keepPaperOf } = deps.statusChange;

  /** The order's revisions with their histories (issue 18). */
  async function revisionsOf(order: OrderRecord): Promise<OrderRevision[]> {
    const [heads, history] = await Promise.all([
      repo.listRevisionHeads(order.id),
      repo.listStatusHistory(order.id),
    ]);
    return toOrderRevisions(order, heads, history);
  }

  return {
    /**
     * For the re-pricing (issue 18), in the caller's transaction with the order locked by `lockOwnOrder`: keeps the
     * current revision (its snapshot, rounding, status and `services` with their results) in `order_revisions`,
     * then starts the next one: the new institution-data snapshot, status `saved` (a history row of the new
     * revision), revision + 1. The services' new contents are the calculations module's to write.
     */
    async startNextRevision(
      order: OrderRecord,
      values: { companyInfo: CompanyInfo; services: RevisionServiceRecord[]; notes: InputChange[] },
      by: Acting,
      tx: Executor,
    ): Promise<OrderRecord> {
      const at = now();
      await repo.insertRevision(
        {
          orderId: order.id,
          number: order.revision,
          status: order.status,
          orderName: order.name,
          companyName: await repo.companyNameOf(order.companyId, tx),
          companyInfo: order.companyInfo,
          priceRounding: order.priceRounding,
          services: values.services,
          notes: values.notes,
          at,
        },
        tx,
      );
      const next = {
        ...order,
        revision: order.revision + 1,
        version: order.version + 1,
        companyInfo: values.companyInfo,
      };
      await repo.updateOrder(
        order.id,
        {
          revision: next.revision,
          version: next.version,
          companyInfo: next.companyInfo,
          updatedAt: at,
        },
        tx,
      );
      return changeStatusOf(next, 'saved', by, tx, at);
    },

    /**
     * `GET /api/orders/{identifier}/revisions` (issue 18): the company's order's revisions, oldest first, each with
     * its status history; another company's order is 404.
     */
    async getRevisions(companyId: number, identifier: string): Promise<OrderRevisions> {
      const order = await findOwnOrder(repo, companyId, identifier);
      return {
        identifier: order.identifier,
        name: order.name,
        revision: order.revision,
        revisions: await revisionsOf(order),
      };
    },

    /** An earlier revision of an order the caller has read (documents of that revision), or undefined. */
    async findRevision(order: OrderRecord, number: number): Promise<RevisionRecord | undefined> {
      return repo.findRevision(order.id, number);
    },

    /**
     * The frozen paper of revision `number` of an order the caller has read (issue 33), or undefined. For the
     * current revision while it is approved, a paper not frozen yet (approved before papers existed) is frozen
     * now, so its first print is what every later one prints.
     */
    async paperOf(order: OrderRecord, number: number): Promise<PaperRecord | undefined> {
      const paper = await repo.findPaper(order.id, number);
      const current = number === order.revision && isApproved(order.status);
      if (!current || paper?.version === order.version) return paper;
      return runInTransaction(async (tx) => {
        const locked = await repo.findByIdentifier(order.identifier, tx, { forUpdate: true });
        if (!locked || locked.revision !== number || !isApproved(locked.status)) return undefined;
        return keepPaperOf(locked, tx);
      });
    },

    /**
     * Who calculated each revision of an order the caller has read, and when (issue 33: the economist whose name
     * the калькуляція's signature line carries), from one read of the status history (a request that prints two
     * revisions, the comparison, reads it once): a lookup giving revision `number`'s latest change to `formed`
     * with the name of its user (null once that user is deleted), or null when there is none.
     */
    async calculationsOfOrder(
      order: OrderRecord,
    ): Promise<(number: number) => { userName: string | null; at: Date } | null> {
      const history = await repo.listStatusHistory(order.id);
      return (number) => {
        const formed = calculationIn(history, number);
        return formed ? { userName: formed.userName, at: formed.createdAt } : null;
      };
    },
  };
}
