import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `created_at` / `updated_at` on every table (house guide 2.6). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * The columns of a running number per calendar year (the orders' numbers of a company, the invoices' of the
 * provider), beside the owner's column: the year and the last number given in it, which a new number takes by an
 * upsert that adds one under the row's lock.
 */
export const yearlyCounter = {
  year: integer().notNull(),
  lastNumber: integer().notNull(),
  ...timestamps,
};

/**
 * The id of the row this row belongs to: required, and the row goes when its parent is deleted
 * (`integer NOT NULL REFERENCES … ON DELETE CASCADE`), e.g. a user of a company, a calculation of an order.
 */
export const parentId = (parent: () => AnyPgColumn) =>
  integer().notNull().references(parent, { onDelete: 'cascade' });
