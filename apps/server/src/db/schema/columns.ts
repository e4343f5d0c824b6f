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
 * The id of the row this row belongs to: required, and the row goes when its parent is deleted
 * (`integer NOT NULL REFERENCES … ON DELETE CASCADE`), e.g. a user of a company, a calculation of an order.
 */
export const parentId = (parent: () => AnyPgColumn) =>
  integer().notNull().references(parent, { onDelete: 'cascade' });
