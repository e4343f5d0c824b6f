import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  importCountsSchema,
  storedImportPlanSchema,
  storedImportUndoSchema,
  type ImportCounts,
  type ImportTable,
  type StoredImportPlan,
  type StoredImportUndo,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { dataImports } from '../../db/schema';
import { ownedBy, type Owner } from '../../lib/bulk-rows';

export type { Owner };

/** The owner's imports of `table` for which `condition` also holds. */
const importsOf = (owner: Owner, table: ImportTable, condition: SQL) =>
  and(ownedBy(dataImports.companyId, owner), eq(dataImports.tableName, table), condition);

/** One stored import (a preview, or an applied import with what undoes it). */
export interface ImportRecord {
  id: number;
  identifier: string;
  companyId: Owner;
  tableName: string;
  fileName: string;
  status: 'preview' | 'applied' | 'superseded' | 'undone';
  counts: ImportCounts;
  /** A preview's plan; null once it is applied (what undoes it is then in `undo`). */
  plan: StoredImportPlan | null;
  undo: StoredImportUndo | null;
  expiresAt: Date;
  appliedAt: Date | null;
}

const importStatusSchema = z.enum(['preview', 'applied', 'superseded', 'undone']);

/**
 * A stored import as its JSON columns parse with the domain's schemas. A row that does not parse (changed by hand,
 * or by another release) is an error with the row named, which the error handler logs; nothing is applied from it.
 */
function readImport(row: typeof dataImports.$inferSelect): ImportRecord {
  const status = importStatusSchema.safeParse(row.status);
  const counts = importCountsSchema.safeParse(row.counts);
  const plan =
    status.data === 'preview' ? storedImportPlanSchema.safeParse(row.plan) : { data: null };
  const undo = storedImportUndoSchema.nullable().safeParse(row.undo);
  if (!status.success || !counts.success || plan.data === undefined || !undo.success)
    throw new Error(`data_imports row ${row.id} (${row.tableName}) does not parse`);
  return { ...row, status: status.data, counts: counts.data, plan: plan.data, undo: undo.data };
}

/**
 * The stored imports (issue 20): previews with their plan, applied imports with what undoes them. The imported
 * tables themselves are written through their owner modules' ports (importer.ts).
 */
export function createImportsRepository(db: Executor) {
  return {
    async insertImport(
      values: Omit<ImportRecord, 'id' | 'plan' | 'undo' | 'appliedAt'> & { plan: StoredImportPlan },
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(dataImports).values(values);
    },

    /**
     * Keeps the owner's `keep` newest previews and deletes the older ones (issue 34: previews are bounded per
     * company). By `coalesce(company_id, 0)`, the first column of data_imports_owner_table_idx.
     */
    async keepNewestPreviews(owner: Owner, keep: number, tx: Executor = db): Promise<number> {
      const result = await tx.execute(sql`
        delete from ${dataImports} where ${dataImports.id} in (
          select ${dataImports.id} from ${dataImports}
          where coalesce(${dataImports.companyId}, 0) = ${owner ?? 0}
            and ${dataImports.status} = 'preview'
          order by ${dataImports.id} desc offset ${keep})
        returning ${dataImports.id}`);
      return result.rows.length;
    },

    /** Drops the previews past their expiry (never applied). */
    async purgeExpired(now: Date, tx: Executor = db): Promise<void> {
      await tx
        .delete(dataImports)
        .where(and(eq(dataImports.status, 'preview'), lt(dataImports.expiresAt, now)));
    },

    /** The owner's import of `table` by identifier, locked for the caller's transaction. */
    async findForUpdate(
      owner: Owner,
      table: ImportTable,
      identifier: string,
      tx: Executor,
    ): Promise<ImportRecord | undefined> {
      const [row] = await tx
        .select()
        .from(dataImports)
        .where(importsOf(owner, table, eq(dataImports.identifier, identifier)))
        .for('update');
      return row && readImport(row);
    },

    /** The owner's applied (undoable) import of `table`; `lock` locks it for the caller's transaction. */
    async lastApplied(
      owner: Owner,
      table: ImportTable,
      tx: Executor = db,
      lock = false,
    ): Promise<ImportRecord | undefined> {
      const query = tx
        .select()
        .from(dataImports)
        .where(importsOf(owner, table, eq(dataImports.status, 'applied')))
        .orderBy(desc(dataImports.appliedAt), desc(dataImports.id))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row && readImport(row);
    },

    /** Every applied import of the owner's `table` becomes not undoable (a later import of the table). */
    async supersede(owner: Owner, table: ImportTable, tx: Executor): Promise<void> {
      await tx
        .update(dataImports)
        .set({ status: 'superseded', plan: {}, undo: null })
        .where(importsOf(owner, table, eq(dataImports.status, 'applied')));
    },

    /** Marks a preview applied with what undoes it and the counts of what it did (rows excluded left out). */
    async markApplied(
      id: number,
      undo: StoredImportUndo,
      appliedAt: Date,
      tx: Executor,
      counts: ImportCounts,
    ): Promise<void> {
      await tx
        .update(dataImports)
        .set({ status: 'applied', plan: {}, undo, appliedAt, counts })
        .where(eq(dataImports.id, id));
    },

    async markUndone(id: number, tx: Executor): Promise<void> {
      await tx
        .update(dataImports)
        .set({ status: 'undone', undo: null })
        .where(eq(dataImports.id, id));
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
