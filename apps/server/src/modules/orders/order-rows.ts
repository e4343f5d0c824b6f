import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * The orders module's port for the modules that only need to know of a company's orders or to hold one still:
 * the members module (may a company be deleted?) and the invoice numbers of the documents module.
 */
export interface OrderRows {
  /** Orders of the company, soft-deleted ones included (they still belong to it). */
  countOfCompany(companyId: number, tx: Executor): Promise<number>;
  /** The company's orders, soft-deleted ones included: internal id → public identifier. */
  identifiersOfCompany(companyId: number, tx?: Executor): Promise<Map<number, string>>;
  /** Locks the order's row until `tx` ends (FOR UPDATE). */
  lockOrder(orderId: number, tx: Executor): Promise<void>;
}

export function createOrderRows(db: Executor): OrderRows {
  return {
    async countOfCompany(companyId, tx) {
      return tx.$count(orders, eq(orders.companyId, companyId));
    },
    async identifiersOfCompany(companyId, tx = db) {
      const rows = await tx
        .select({ id: orders.id, identifier: orders.identifier })
        .from(orders)
        .where(eq(orders.companyId, companyId));
      return new Map(rows.map((row) => [row.id, row.identifier]));
    },
    async lockOrder(orderId, tx) {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    },
  };
}
