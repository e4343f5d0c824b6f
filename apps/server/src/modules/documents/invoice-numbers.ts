import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceCounters, orderInvoices } from '../../db/schema';
import { idAmong } from '../../lib/bulk-rows';
import { kyivParts } from '../../lib/kyiv-time';
import type { RunInTransaction } from '../../lib/transaction';
import type { OrderRows } from '../orders/order-rows';
import type { InvoiceNumber } from './build-invoice-data';

/** An invoice the provider issued: its number and when it was issued (the date the invoice prints). */
export interface IssuedInvoice extends InvoiceNumber {
  issuedAt: Date;
}

/**
 * The running numbers of the рахунки на оплату (issue 23; issue 34's rule, tables `invoice_counters` and
 * `order_invoices`). A number is given only when the **provider issues** an order's invoice: the administrator
 * prints it (`POST /api/administrator/orders/pdf`) or confirms the order's payment (the status leaves `created`),
 * whichever comes first, and only for an order the company has not deleted. A company's prints (any role) and the
 * list read the number, never take one, so nothing a user does spends a number. The number is the provider's next
 * of the Kyiv year of the issue (`kyivParts`), taken in one transaction with the order's row locked, and kept: every
 * reprint carries the same number and date. A number outlives its order (an unpaid order deleted after the
 * provider issued its invoice: `order_id` becomes null, a cancelled invoice), so the year's sequence has no gaps.
 */
export interface InvoiceNumbers {
  /** The issued invoice of an order, or undefined while the provider has not issued it (a read). */
  issuedFor(orderId: number): Promise<IssuedInvoice | undefined>;
  /**
   * Issues the order's invoice unless it was issued: in `tx` (whose caller holds the order's row lock), else in a
   * transaction of its own that locks the row first, so two issues at once take one number.
   */
  issue(orderId: number, tx?: Executor): Promise<IssuedInvoice>;
}

/** The numbers already given to a company's invoices (issue 33, «Оплата»): a read, which gives none. */
export interface KeptInvoiceNumbers {
  /** By the order's identifier; an order whose invoice was never issued has none. */
  keptOfCompany(companyId: number): Promise<Map<string, IssuedInvoice>>;
}

const issuedColumns = {
  number: orderInvoices.number,
  year: orderInvoices.year,
  issuedAt: orderInvoices.issuedAt,
};

export function createInvoiceNumbers(deps: {
  runInTransaction: RunInTransaction;
  db: Executor;
  /** The orders module's port: an order's row locked for an issue, a company's orders for the list. */
  orderRows: Pick<OrderRows, 'identifiersOfCompany' | 'lockOrder'>;
  /** The provider's ЄДРПОУ (config PROVIDER_CODE): each provider has its own sequence. */
  providerCode: string;
  now?: () => Date;
}): InvoiceNumbers & KeptInvoiceNumbers {
  const { runInTransaction, db, orderRows, providerCode } = deps;
  const now = deps.now ?? (() => new Date());
  const issuedOf = async (tx: Executor, orderId: number) => {
    const [row] = await tx
      .select(issuedColumns)
      .from(orderInvoices)
      .where(eq(orderInvoices.orderId, orderId));
    return row;
  };

  async function issueIn(tx: Executor, orderId: number): Promise<IssuedInvoice> {
    const existing = await issuedOf(tx, orderId);
    if (existing) return existing;
    const issuedAt = now();
    const year = Number(kyivParts(issuedAt).year);
    // The counter row of the provider and year, created at 1 or moved on by one; its lock lasts to the commit, and
    // a rolled-back issue takes its number back with it.
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ providerCode, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [invoiceCounters.providerCode, invoiceCounters.year],
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1`, updatedAt: issuedAt },
      })
      .returning({ lastNumber: invoiceCounters.lastNumber });
    if (!counter) throw new Error('the invoice counter answered no row');
    await tx
      .insert(orderInvoices)
      .values({ orderId, providerCode, year, number: counter.lastNumber, issuedAt });
    return { number: counter.lastNumber, year, issuedAt };
  }

  return {
    async keptOfCompany(companyId) {
      const identifiers = await orderRows.identifiersOfCompany(companyId);
      if (identifiers.size === 0) return new Map();
      const rows = await db
        .select({ orderId: orderInvoices.orderId, ...issuedColumns })
        .from(orderInvoices)
        .where(idAmong(orderInvoices.orderId, [...identifiers.keys()]));
      return new Map(
        rows.map(({ orderId, ...issued }) => [identifiers.get(orderId ?? 0) ?? '', issued]),
      );
    },

    async issuedFor(orderId) {
      return issuedOf(db, orderId);
    },

    async issue(orderId, tx) {
      if (tx) return issueIn(tx, orderId);
      return runInTransaction(async (own) => {
        // The order's row is locked first, so two first issues of one invoice take one number, not two.
        await orderRows.lockOrder(orderId, own);
        return issueIn(own, orderId);
      });
    },
  };
}
