import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ORDER_MESSAGES } from './order-messages';
import type { OrderRecord, OrdersRepository } from './orders.repository';

/**
 * The company's order, or 404: an order of another company is answered exactly like a missing one, so its
 * identifier reveals nothing (house rule: another company's row → 404 and nothing changes). A paid order the
 * company deleted (soft delete, issue 13) is 404 too, for every company call. `forUpdate` locks the row until
 * the transaction ends, so two status changes cannot both start from the same status.
 */
export async function findOwnOrder(
  repo: Pick<OrdersRepository, 'findByIdentifier'>,
  companyId: number,
  identifier: string,
  tx?: Executor,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRecord> {
  const order = await repo.findByIdentifier(identifier, tx, options);
  if (!order || order.companyId !== companyId || order.deletedAt !== null)
    throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
  return order;
}
