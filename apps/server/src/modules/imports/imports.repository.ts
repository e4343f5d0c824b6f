import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  ImportCounts,
  ImportTable,
  PillTableRow,
  StaffTableRow,
  UnitRow,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { dataImports, measurements, pills, staffRates } from '../../db/schema';
import { translateDbErrors } from '../../lib/db-errors';

/** A company's internal id, or `null` for the administrator's template level. */
export type Owner = number | null;

const ownedBy = (column: AnyPgColumn, owner: Owner): SQL =>
  owner === null ? isNull(column) : eq(column, owner);

/** Rows per statement of a bulk write (a statement takes at most 65 535 parameters). */
const CHUNK = 2000;
function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK)
    result.push(items.slice(start, start + CHUNK));
  return result;
}

/** One stored import (a preview, or an applied import with what undoes it). */
export interface ImportRecord {
  id: number;
  identifier: string;
  companyId: Owner;
  tableName: string;
  fileName: string;
  status: 'preview' | 'applied' | 'superseded' | 'undone';
  counts: ImportCounts;
  plan: unknown;
  undo: unknown;
  expiresAt: Date;
  appliedAt: Date | null;
}

/** A conditional write: `id`'s value moves from `from` to `to` only if it still holds `from`. */
export interface SalaryChange {
  id: number;
  from: string;
  to: string;
}
export interface PillChange {
  id: number;
  from: { measurementId: number; price: string };
  to: { measurementId: number; price: string };
}

/**
 * The import's storage (issue 20): reads of the three tables as the planner needs them, their bulk writes (each a
 * few statements whatever the row count, every one in the caller's transaction), and the stored imports. The
 * writes that change a row check its value first (`… WHERE value = from`) and return the rows they changed, so
 * the service sees a row changed since the preview and rolls everything back.
 */
export function createImportsRepository(db: Executor) {
  return {
    async staffTable(companyId: number, tx: Executor = db): Promise<StaffTableRow[]> {
      const rows = await tx
        .select({
          id: staffRates.id,
          qualification: staffRates.qualification,
          category: staffRates.category,
          scientific_degree: staffRates.scientificDegree,
          salary: staffRates.salary,
        })
        .from(staffRates)
        .where(eq(staffRates.companyId, companyId))
        .orderBy(asc(staffRates.id));
      return rows.map((row) => ({ ...row, salary: Number(row.salary) }));
    },

    /** The owner's materials with their unit's name and id. */
    async pillTable(
      owner: Owner,
      tx: Executor = db,
    ): Promise<(PillTableRow & { measurementId: number })[]> {
      const rows = await tx
        .select({
          id: pills.id,
          name: pills.name,
          measurementType: measurements.name,
          measurementId: pills.measurementId,
          price: pills.price,
        })
        .from(pills)
        .innerJoin(measurements, eq(measurements.id, pills.measurementId))
        .where(ownedBy(pills.companyId, owner))
        .orderBy(asc(pills.id));
      return rows.map((row) => ({ ...row, price: Number(row.price) }));
    },

    /** The units the owner sees: the standard ones, and a company's own (standard first). */
    async visibleUnits(owner: Owner, tx: Executor = db): Promise<UnitRow[]> {
      return tx
        .select({ id: measurements.id, name: measurements.name })
        .from(measurements)
        .where(
          owner === null
            ? isNull(measurements.companyId)
            : or(isNull(measurements.companyId), eq(measurements.companyId, owner)),
        )
        .orderBy(sql`${measurements.companyId} nulls first`, asc(measurements.id));
    },

    /** The owner's own units (the export of the units table). */
    async ownUnits(owner: Owner, tx: Executor = db): Promise<UnitRow[]> {
      return tx
        .select({ id: measurements.id, name: measurements.name })
        .from(measurements)
        .where(ownedBy(measurements.companyId, owner))
        .orderBy(asc(measurements.id));
    },

    /** Sets each salary that still holds its `from` value; answers how many rows changed. */
    async changeSalaries(
      companyId: number,
      changes: readonly SalaryChange[],
      tx: Executor,
    ): Promise<number> {
      let changed = 0;
      for (const part of chunks(changes)) {
        const values = sql.join(
          part.map(
            (change) =>
              sql`(${change.id}::integer, ${change.from}::numeric, ${change.to}::numeric)`,
          ),
          sql`, `,
        );
        const result = await tx.execute(sql`
          update ${staffRates} set salary = v.to_value, updated_at = now()
          from (values ${values}) as v(id, from_value, to_value)
          where ${staffRates.id} = v.id and ${staffRates.companyId} = ${companyId} and ${staffRates.salary} = v.from_value
          returning ${staffRates.id}`);
        changed += result.rows.length;
      }
      return changed;
    },

    /** Sets each material's unit and price that still hold their `from` values; answers how many changed. */
    async changePills(owner: Owner, changes: readonly PillChange[], tx: Executor): Promise<number> {
      let changed = 0;
      for (const part of chunks(changes)) {
        const values = sql.join(
          part.map(
            (change) =>
              sql`(${change.id}::integer, ${change.from.measurementId}::integer, ${change.from.price}::numeric, ${change.to.measurementId}::integer, ${change.to.price}::numeric)`,
          ),
          sql`, `,
        );
        const result = await translateDbErrors(() =>
          tx.execute(sql`
          update ${pills} set measurement_id = v.to_unit, price = v.to_price, updated_at = now()
          from (values ${values}) as v(id, from_unit, from_price, to_unit, to_price)
          where ${pills.id} = v.id and ${ownedBy(pills.companyId, owner)}
            and ${pills.measurementId} = v.from_unit and ${pills.price} = v.from_price
          returning ${pills.id}`),
        );
        changed += result.rows.length;
      }
      return changed;
    },

    async insertStaff(
      companyId: number,
      rows: readonly {
        qualification: string;
        category: string;
        scientificDegree: string;
        salary: string;
      }[],
      tx: Executor,
    ): Promise<number[]> {
      const ids: number[] = [];
      for (const part of chunks(rows)) {
        const inserted = await translateDbErrors(() =>
          tx
            .insert(staffRates)
            .values(part.map((row) => ({ ...row, companyId })))
            .returning({ id: staffRates.id }),
        );
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },

    async insertUnits(owner: Owner, names: readonly string[], tx: Executor): Promise<UnitRow[]> {
      const created: UnitRow[] = [];
      for (const part of chunks(names)) {
        const inserted = await translateDbErrors(() =>
          tx
            .insert(measurements)
            .values(part.map((name) => ({ name, companyId: owner })))
            .returning({ id: measurements.id, name: measurements.name }),
        );
        created.push(...inserted);
      }
      return created;
    },

    async insertPills(
      owner: Owner,
      rows: readonly { name: string; measurementId: number; price: string }[],
      tx: Executor,
    ): Promise<number[]> {
      const ids: number[] = [];
      for (const part of chunks(rows)) {
        const inserted = await translateDbErrors(() =>
          tx
            .insert(pills)
            .values(part.map((row) => ({ ...row, companyId: owner })))
            .returning({ id: pills.id }),
        );
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },

    /** Deletes the owner's rows among `ids` of one table (undoing an import's additions). */
    async deleteRows(
      table: ImportTable | 'units',
      owner: Owner,
      ids: readonly number[],
      tx: Executor,
    ): Promise<void> {
      const target = table === 'staff' ? staffRates : table === 'pills' ? pills : measurements;
      for (const part of chunks(ids)) {
        await translateDbErrors(() =>
          tx.delete(target).where(and(inArray(target.id, part), ownedBy(target.companyId, owner))),
        );
      }
    },

    async insertImport(
      values: Omit<ImportRecord, 'id' | 'undo' | 'appliedAt'>,
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(dataImports).values(values);
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
        .where(
          and(
            eq(dataImports.identifier, identifier),
            ownedBy(dataImports.companyId, owner),
            eq(dataImports.tableName, table),
          ),
        )
        .for('update');
      return row as ImportRecord | undefined;
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
        .where(
          and(
            ownedBy(dataImports.companyId, owner),
            eq(dataImports.tableName, table),
            eq(dataImports.status, 'applied'),
          ),
        )
        .orderBy(desc(dataImports.appliedAt), desc(dataImports.id))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row as ImportRecord | undefined;
    },

    /** Every applied import of the owner's `table` becomes not undoable (a later import of the table). */
    async supersede(owner: Owner, table: ImportTable, tx: Executor): Promise<void> {
      await tx
        .update(dataImports)
        .set({ status: 'superseded', plan: {}, undo: null })
        .where(
          and(
            ownedBy(dataImports.companyId, owner),
            eq(dataImports.tableName, table),
            eq(dataImports.status, 'applied'),
          ),
        );
    },

    async markApplied(id: number, undo: unknown, appliedAt: Date, tx: Executor): Promise<void> {
      await tx
        .update(dataImports)
        .set({ status: 'applied', plan: {}, undo, appliedAt })
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
