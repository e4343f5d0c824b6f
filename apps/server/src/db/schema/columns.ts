import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` / `updated_at` on every table (house guide 2.6). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
