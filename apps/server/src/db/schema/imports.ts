import { sql } from 'drizzle-orm';
import type { ImportCounts, StoredImportPlan, StoredImportUndo } from '@medcalc/domain';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';

/**
 * Spreadsheet imports (issue 20). A preview is stored here (so every instance behind a load balancer can apply
 * it) with the writes it would make (`plan`) until `expires_at`; applying it stores the previous values
 * (`undo`) and makes it the table's undoable import until the next import of that table supersedes it.
 * `company_id` null is the administrator's template level. `status`: preview → applied → superseded | undone.
 * The JSON columns are parsed with the domain's schemas when read (modules/imports/imports.repository.ts); `plan`
 * is `{}` once the preview is applied.
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
    counts: jsonb().$type<ImportCounts>().notNull(),
    plan: jsonb().$type<StoredImportPlan | Record<string, never>>().notNull(),
    undo: jsonb().$type<StoredImportUndo>(),
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
