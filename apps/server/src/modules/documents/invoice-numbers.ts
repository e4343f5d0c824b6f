import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceCounters, orderInvoices, orders } from '../../db/schema';
import type { RunInTransaction } from '../../lib/transaction';
import type { InvoiceNumber } from './build-invoice-data';

/**
 * The running numbers of the рахунки на оплату (issue 23, tables `invoice_counters` and `order_invoices`): the
 * invoice of an order gets the provider's next number of the year the first time it is issued, in one transaction
 * with the order's row locked, and keeps it: every reprint, by the company or the administrator, prints the same
 * number, and two invoices issued one after the other have consecutive numbers. The year is the one the invoice
 * is dated in (the Kyiv year of the day the order was placed).
 */
export interface InvoiceNumbers {
  numberFor(order: { id: number; year: number }, providerCode: string): Promise<InvoiceNumber>;
}

/** The numbers already given to a company's invoices (issue 33, «Оплата»): a read, which gives none. */
export interface KeptInvoiceNumbers {
  /** By the order's identifier; an order whose invoice was never issued has none. */
  keptOfCompany(companyId: number): Promise<Map<string, InvoiceNumber>>;
}

export function createInvoiceNumbers(
  runInTransaction: RunInTransaction,
  db: Executor,
): InvoiceNumbers & KeptInvoiceNumbers {
  const kept = async (tx: Executor, orderId: number) => {
    const [row] = await tx
      .select({ number: orderInvoices.number, year: orderInvoices.year })
      .from(orderInvoices)
      .where(eq(orderInvoices.orderId, orderId));
    return row;
  };
  return {
    async keptOfCompany(companyId) {
      const rows = await db
        .select({
          identifier: orders.identifier,
          number: orderInvoices.number,
          year: orderInvoices.year,
        })
        .from(orderInvoices)
        .innerJoin(orders, eq(orders.id, orderInvoices.orderId))
        .where(eq(orders.companyId, companyId));
      return new Map(rows.map(({ identifier, number, year }) => [identifier, { number, year }]));
    },

    async numberFor(order, providerCode) {
      return runInTransaction(async (tx) => {
        // The order's row is locked first, so two first prints of one invoice take one number, not two.
        await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.id, order.id))
          .for('update');
        const existing = await kept(tx, order.id);
        if (existing) return existing;
        // The counter row of the provider and year, created at 1 or moved on by one; its lock lasts to the commit.
        const [counter] = await tx
          .insert(invoiceCounters)
          .values({ providerCode, year: order.year, lastNumber: 1 })
          .onConflictDoUpdate({
            target: [invoiceCounters.providerCode, invoiceCounters.year],
            set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1`, updatedAt: new Date() },
          })
          .returning({ lastNumber: invoiceCounters.lastNumber });
        if (!counter) throw new Error('the invoice counter answered no row');
        await tx.insert(orderInvoices).values({
          orderId: order.id,
          providerCode,
          year: order.year,
          number: counter.lastNumber,
        });
        return { number: counter.lastNumber, year: order.year };
      });
    },
  };
}
