import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
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
    year: integer().notNull(),
    lastNumber: integer().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.providerCode, t.year] })],
);

/**
 * The number the invoice of an order was given when first issued (issue 23): kept with the order, so every reprint
 * of its invoice carries the same number. Removed with the order (a `created` order deleted before payment).
 */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    providerCode: text().notNull(),
    year: integer().notNull(),
    number: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_invoices_provider_year_number_unique').on(t.providerCode, t.year, t.number),
  ],
);
