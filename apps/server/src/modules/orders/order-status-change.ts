import { ORDER_STATUS_LABELS, isApproved, type OrderStatus } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import { userIdOf, type Acting } from '../../lib/company-scope';
import type { OrderCalculationsStore } from './order-calculations-store';
import type {
  OrderRecord,
  OrdersRepository,
  PaperRecord,
  StatusHistoryRecord,
} from './orders.repository';

/** The latest change of revision `number` to `formed` (who calculated it, and when), or undefined. */
export const calculationIn = (history: readonly StatusHistoryRecord[], number: number) =>
  history.findLast((change) => change.revision === number && change.toStatus === 'formed');

/**
 * Every status change of an order (the company's, the administrator's, the wizard's, the re-pricing's) and the
 * frozen paper an approval keeps.
 */
export function createOrderStatusChange(deps: {
  repo: OrdersRepository;
  calculationsStore: Pick<OrderCalculationsStore, 'listOfOrder'>;
  activityLog: ActivityLog;
  now: () => Date;
}) {
  const { repo, calculationsStore, activityLog, now } = deps;

  /**
   * Freezes the paper of the order's current revision (issue 33): what its documents print, from its stored
   * services and snapshot, in the caller's transaction. A paper already made from this content version stays as
   * it was first printed. Nothing is frozen while a service has no stored results (its documents are refused).
   */
  async function keepPaperOf(
    order: OrderRecord,
    tx: Executor,
    at = now(),
  ): Promise<PaperRecord | undefined> {
    const kept = await repo.findPaper(order.id, order.revision, tx);
    if (kept && kept.version === order.version) return kept;
    const services = await calculationsStore.listOfOrder(order.id, tx);
    if (services.some((service) => service.cost === null)) return undefined;
    const calculated = calculationIn(await repo.listStatusHistory(order.id, tx), order.revision);
    return repo.keepPaper(
      {
        orderId: order.id,
        revision: order.revision,
        version: order.version,
        orderName: order.name,
        companyName: await repo.companyNameOf(order.companyId, tx),
        companyInfo: order.companyInfo,
        priceRounding: order.priceRounding,
        services,
        signatures: {
          economist: calculated?.userName?.trim() || null,
          calculatedAt: calculated?.createdAt.toISOString() ?? null,
        },
        at,
      },
      tx,
    );
  }

  /**
   * Every status change: the order's status and `updated_at`, and a history row (who, from, to, when), in the
   * caller's transaction with the order row locked. A person's change (`by.actor`: the company's member or the
   * administrator) is logged in the order's company's activity log; the demo account's set-up is not.
   */
  async function changeStatusOf(
    order: OrderRecord,
    to: OrderStatus,
    by: Acting,
    tx: Executor,
    at = now(),
  ): Promise<OrderRecord> {
    await repo.updateOrder(order.id, { status: to, updatedAt: at }, tx);
    if (isApproved(to)) await keepPaperOf(order, tx, at);
    if (by.actor)
      await activityLog.record(
        tx,
        { companyId: order.companyId, actor: by.actor },
        {
          kind: 'order-status',
          subject: order.identifier,
          orderName: order.name,
          changes: changeOf('Статус', ORDER_STATUS_LABELS[order.status], ORDER_STATUS_LABELS[to]),
        },
      );
    await repo.insertStatusHistory(
      {
        orderId: order.id,
        userId: userIdOf(by),
        fromStatus: order.status,
        toStatus: to,
        revision: order.revision,
        at,
      },
      tx,
    );
    return { ...order, status: to, updatedAt: at };
  }

  return { changeStatusOf, keepPaperOf };
}

export type OrderStatusChange = ReturnType<typeof createOrderStatusChange>;
