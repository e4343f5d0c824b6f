import type { CalculationContent, OrderStatus } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import type { RevisionServiceRecord } from '../../db/schema';

/**
 * A calculation of an order with its stored results (null until Calculate stores them): the shape a revision keeps
 * of each of its services too.
 */
export type OrderCalculationResultRecord = RevisionServiceRecord;

/** A calculation of an order as the wizard and the company's read-only view show it (no results). */
export type OrderCalculationRecord = Omit<
  RevisionServiceRecord,
  'summary' | 'summaryWithProfit' | 'cost'
>;

/** A calculation of the company as it is offered for reuse (spec §3 "Company calculations entry"). */
export interface CompanyCalculationRecord {
  id: number;
  name: string;
  /** The name of the order the calculation belongs to, so equal names can be told apart. */
  orderName: string;
  categoryId: number;
  categoryName: string;
  createdAt: Date;
}

/** A calculation written when an order is placed or duplicated: a copy of a template, a calculation, or blank. */
export interface NewCalculationRow {
  identifier: string;
  orderId: number;
  companyId: number;
  categoryId: number | null;
  name: string;
  source: 'template' | 'calculation' | null;
  sourceId: number | null;
  position: number;
  content: CalculationContent;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The orders module's port onto the `calculations` table. The table has one owner, the calculations repository;
 * app.ts injects it here (a module never imports another's repository), and it satisfies this type structurally.
 * Only what orders needs: writing an order's copies, reading an order's services, and the company's calculations
 * that can be copied. A write always takes the caller's transaction handle, so an order and its calculations
 * are written together or not at all.
 */
export interface OrderCalculationsStore {
  /** Inserts the new order's calculations (nothing for none), in the caller's transaction. */
  insertMany(rows: readonly NewCalculationRow[], tx: Executor): Promise<void>;
  /** The order's calculations in position order with their category names and stored results. */
  listOfOrder(orderId: number, tx?: Executor): Promise<OrderCalculationResultRecord[]>;
  /**
   * The company's calculations with a category whose order is in one of `statuses` and not deleted; restricted
   * to `ids` when given. Another company's calculation is never returned.
   */
  listUsable(
    filter: { companyId: number; statuses: readonly OrderStatus[]; ids?: readonly number[] },
    tx?: Executor,
  ): Promise<Array<CompanyCalculationRecord & { content: CalculationContent }>>;
}
