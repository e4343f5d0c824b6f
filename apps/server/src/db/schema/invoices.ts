import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, yearlyCounter } from './columns';
import { orders } from './orders';

/**
 * The running numbers of the рахунки на оплату (issue 23): one row per provider (its ЄДРПОУ, config PROVIDER_CODE)
 * and calendar year, `last_number` the last number it issued. A new invoice takes the next one by an upsert that
 * holds the row's lock until its transaction ends, so two invoices issued at once never share a number.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    providerCode: text().notNull(),
    ...yearlyCounter,
  },
  (t) => [primaryKey({ columns: [t.providerCode, t.year] })],
);

/**
 * The numbers the provider issued (issue 23; issue 34's rule): one row per number, taken when the provider issues an
 * order's invoice (the administrator prints it or confirms the order's payment; invoice-numbers.ts) and kept, so
 * every reprint carries the same number and date. A row is never deleted: when its order is erased (an unpaid
 * order the company deletes after the provider issued its invoice) `order_id` becomes null and the number stays
 * taken, a cancelled invoice of the year's sequence, which therefore has no gaps. `issued_at` is when it was issued
 * (the invoice's date; its Kyiv year is the number's year).
 */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    providerCode: text().notNull(),
    year: integer().notNull(),
    number: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.providerCode, t.year, t.number] }),
    uniqueIndex('order_invoices_order_unique').on(t.orderId),
  ],
);
