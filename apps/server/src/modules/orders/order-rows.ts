import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { OrderStatus } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema';

/** Which of a company's orders {@link OrderRows.rowsOfCompany} answers. */
export interface CompanyOrdersFilter {
  companyId: number;
  /** Only orders in one of these statuses; every status when absent. */
  statuses?: readonly OrderStatus[];
  /** Soft-deleted orders too (they still belong to the company; issue 13); left out otherwise. */
  withDeleted?: boolean;
}

/** The company's orders as a subquery `company_orders`: their id, identifier, name, status and last update. */
const rowsOfCompanyOf = (db: Executor, filter: CompanyOrdersFilter) =>
  db
    .select({
      id: orders.id,
      identifier: orders.identifier,
      name: orders.name,
      status: orders.status,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, filter.companyId),
        filter.withDeleted ? undefined : isNull(orders.deletedAt),
        filter.statuses ? inArray(orders.status, [...filter.statuses]) : undefined,
      ),
    )
    .as('company_orders');

/** A company's orders as a relation to join on an order id (`OrderRows.rowsOfCompany`). */
export type CompanyOrderRows = ReturnType<typeof rowsOfCompanyOf>;

/**
 * The orders module's port for the modules that only need to know of a company's orders or to hold one still:
 * the members module (may a company be deleted?), the invoice numbers of the documents module, and the
 * calculations module's lists of services with their order.
 */
export interface OrderRows {
  /** Orders of the company, soft-deleted ones included (they still belong to it). */
  countOfCompany(companyId: number, tx: Executor): Promise<number>;
  /** The company's orders, soft-deleted ones included: internal id → public identifier. */
  identifiersOfCompany(companyId: number, tx?: Executor): Promise<Map<number, string>>;
  /** Locks the order's row until `tx` ends (FOR UPDATE). */
  lockOrder(orderId: number, tx: Executor): Promise<void>;
  /**
   * The company's orders of `filter` as a subquery the reader joins in its own statement (not a query of its own),
   * so a list filtered, sorted and paged by its order's columns stays one query with the same plan.
   */
  rowsOfCompany(filter: CompanyOrdersFilter): CompanyOrderRows;
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
    rowsOfCompany: (filter) => rowsOfCompanyOf(db, filter),
  };
}
