import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';

/**
 * Spreadsheet imports (issue 20). A preview is stored here (so every instance behind a load balancer can apply
 * it) with the writes it would make (`plan`) until `expires_at`; applying it stores the previous values
 * (`undo`) and makes it the table's undoable import until the next import of that table supersedes it.
 * `company_id` null is the administrator's template level. `status`: preview → applied → superseded | undone.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    id: serial().primaryKey(),
    identifier: text().notNull().unique(),
    companyId: integer().references(() => companies.id, { onDelete: 'cascade' }),
    tableName: text().notNull(),
    fileName: text().notNull(),
    status: text().notNull(),
    counts: jsonb().notNull(),
    plan: jsonb().notNull(),
    undo: jsonb(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    appliedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('data_imports_owner_table_idx').on(
      sql`coalesce(${t.companyId}, 0)`,
      t.tableName,
      t.status,
    ),
    index('data_imports_expires_idx').on(t.expiresAt),
  ],
);
