import { and, asc, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
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

/**
 * Rows of a bulk write as one JSON parameter read by `jsonb_to_recordset` (the caller names the columns with
 * their types): one parameter whatever the row count. On PGlite this writes 5,000 materials about 4× faster than
 * a multi-row VALUES with four parameters per row (issue 20's bench), and no statement nears the 65,535-parameter
 * limit.
 */
const records = (rows: readonly object[]): SQL =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;
const idsOf = (rows: readonly Record<string, unknown>[]) => rows.map((row) => Number(row.id));

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
 * one statement whatever the row count, every one in the caller's transaction), and the stored imports. The
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

    /**
     * The owner's materials with their unit's name and id, in id order. Read as one JSON text: PGlite turns a
     * result into JS values field by field, which for 5,000 rows × 5 fields cost about a second (issue 20's bench).
     */
    async pillTable(
      owner: Owner,
      tx: Executor = db,
    ): Promise<(PillTableRow & { measurementId: number })[]> {
      const result = await tx.execute(sql`
        select coalesce(json_agg(json_build_array(${pills.id}, ${pills.name}, ${measurements.name},
          ${pills.measurementId}, ${pills.price}::text) order by ${pills.id}), '[]')::text as rows
        from ${pills} inner join ${measurements} on ${measurements.id} = ${pills.measurementId}
        where ${ownedBy(pills.companyId, owner)}`);
      const rows = JSON.parse(String(result.rows[0]?.rows ?? '[]')) as [
        number,
        string,
        string,
        number,
        string,
      ][];
      return rows.map(([id, name, measurementType, measurementId, price]) => ({
        id,
        name,
        measurementType,
        measurementId,
        price: Number(price),
      }));
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
      if (changes.length === 0) return 0;
      const result = await tx.execute(sql`
        update ${staffRates} set salary = v.to_value, updated_at = now()
        from ${records(changes.map((change) => ({ id: change.id, from_value: change.from, to_value: change.to })))}
          as v(id integer, from_value numeric, to_value numeric)
        where ${staffRates.id} = v.id and ${staffRates.companyId} = ${companyId}
          and ${staffRates.salary} = v.from_value
        returning ${staffRates.id}`);
      return result.rows.length;
    },

    /** Sets each material's unit and price that still hold their `from` values; answers how many changed. */
    async changePills(owner: Owner, changes: readonly PillChange[], tx: Executor): Promise<number> {
      if (changes.length === 0) return 0;
      const values = changes.map((change) => ({
        id: change.id,
        from_unit: change.from.measurementId,
        from_price: change.from.price,
        to_unit: change.to.measurementId,
        to_price: change.to.price,
      }));
      const result = await translateDbErrors(() =>
        tx.execute(sql`
          update ${pills} set measurement_id = v.to_unit, price = v.to_price, updated_at = now()
          from ${records(values)}
            as v(id integer, from_unit integer, from_price numeric, to_unit integer, to_price numeric)
          where ${pills.id} = v.id and ${ownedBy(pills.companyId, owner)}
            and ${pills.measurementId} = v.from_unit and ${pills.price} = v.from_price
          returning ${pills.id}`),
      );
      return result.rows.length;
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
      if (rows.length === 0) return [];
      const result = await translateDbErrors(() =>
        tx.execute(sql`
          insert into ${staffRates} (company_id, qualification, category, scientific_degree, salary)
          select ${companyId}::integer, v.qualification, v.category, v.scientific_degree, v.salary
          from ${records(rows.map((row) => ({ qualification: row.qualification, category: row.category, scientific_degree: row.scientificDegree, salary: row.salary })))}
            as v(qualification text, category text, scientific_degree text, salary numeric)
          returning id`),
      );
      return idsOf(result.rows);
    },

    async insertUnits(owner: Owner, names: readonly string[], tx: Executor): Promise<UnitRow[]> {
      if (names.length === 0) return [];
      const result = await translateDbErrors(() =>
        tx.execute(sql`
          insert into ${measurements} (company_id, name)
          select ${owner}::integer, v.name from ${records(names.map((name) => ({ name })))} as v(name text)
          returning id, name`),
      );
      return result.rows.map((row) => ({ id: Number(row.id), name: String(row.name) }));
    },

    async insertPills(
      owner: Owner,
      rows: readonly { name: string; measurementId: number; price: string }[],
      tx: Executor,
    ): Promise<number[]> {
      if (rows.length === 0) return [];
      const result = await translateDbErrors(() =>
        tx.execute(sql`
          insert into ${pills} (company_id, name, measurement_id, price)
          select ${owner}::integer, v.name, v.measurement_id, v.price
          from ${records(rows.map((row) => ({ name: row.name, measurement_id: row.measurementId, price: row.price })))}
            as v(name text, measurement_id integer, price numeric)
          returning id`),
      );
      return idsOf(result.rows);
    },

    /** Deletes the owner's rows among `ids` of one table (undoing an import's additions). */
    async deleteRows(
      table: ImportTable | 'units',
      owner: Owner,
      ids: readonly number[],
      tx: Executor,
    ): Promise<void> {
      if (ids.length === 0) return;
      const target = table === 'staff' ? staffRates : table === 'pills' ? pills : measurements;
      await translateDbErrors(() =>
        tx
          .delete(target)
          .where(
            and(
              sql`${target.id} = any(${`{${ids.join(',')}}`}::integer[])`,
              ownedBy(target.companyId, owner),
            ),
          ),
      );
    },

    async insertImport(
      values: Omit<ImportRecord, 'id' | 'undo' | 'appliedAt'>,
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
        .where(importsOf(owner, table, eq(dataImports.status, 'applied')))
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
        .where(importsOf(owner, table, eq(dataImports.status, 'applied')));
    },

    /** Marks a preview applied with what undoes it and the counts of what it did (rows excluded left out). */
    async markApplied(
      id: number,
      undo: unknown,
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
