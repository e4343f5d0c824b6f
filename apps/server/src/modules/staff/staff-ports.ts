import { isNull, sql } from 'drizzle-orm';
import type { StaffTableRow } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { staffRates } from '../../db/schema';
import { deleteOwnedRows, insertOwnedRecords, records } from '../../lib/bulk-rows';
import { companyStaffRates } from './staff.repository';

/** A conditional write: `id`'s salary moves from `from` to `to` only if it still holds `from`. */
export interface SalaryChange {
  id: number;
  from: string;
  to: string;
}

/** A position an import adds (salary as exact decimal text). */
export interface NewStaffPosition {
  qualification: string;
  category: string;
  scientificDegree: string;
  salary: string;
}

/**
 * The staff module's port for the spreadsheet import (issue 20): the company's table as the planner reads it and
 * its bulk writes, each one statement whatever the row count and in the caller's transaction. The writes that
 * change a row check its value first (`… WHERE salary = from`) and answer how many rows changed, so the caller
 * sees a row changed since the preview.
 */
export interface StaffImportStore {
  tableRows(companyId: number, tx?: Executor): Promise<StaffTableRow[]>;
  changeSalaries(
    companyId: number,
    changes: readonly SalaryChange[],
    tx: Executor,
  ): Promise<number>;
  /** Throws `UniqueViolationError` for a position the company has (`staff_rates_position_unique`). */
  insertPositions(
    companyId: number,
    rows: readonly NewStaffPosition[],
    tx: Executor,
  ): Promise<number[]>;
  deletePositions(companyId: number, ids: readonly number[], tx: Executor): Promise<void>;
}

/** The staff module's port for a new company (companies module): its copy of the template staffing table. */
export interface StaffTemplateCopier {
  /** Copies the template rows (company_id null) to the company, each naming its template row; answers how many. */
  copyTemplateTo(companyId: number, tx: Executor): Promise<number>;
}

export function createStaffTemplateCopier(db: Executor): StaffTemplateCopier {
  return {
    async copyTemplateTo(companyId, tx = db) {
      const template = await tx.select().from(staffRates).where(isNull(staffRates.companyId));
      if (template.length === 0) return 0;
      await tx.insert(staffRates).values(
        template.map((row) => ({
          companyId,
          templateId: row.id,
          qualification: row.qualification,
          category: row.category,
          scientificDegree: row.scientificDegree,
          salary: row.salary,
        })),
      );
      return template.length;
    },
  };
}

export function createStaffImportStore(db: Executor): StaffImportStore {
  return {
    tableRows: (companyId, tx = db) => companyStaffRates(tx, companyId),

    async changeSalaries(companyId, changes, tx) {
      if (changes.length === 0) return 0;
      const values = changes.map((change) => ({
        id: change.id,
        from_value: change.from,
        to_value: change.to,
      }));
      const result = await tx.execute(sql`
        update ${staffRates} set salary = v.to_value, updated_at = now()
        from ${records(values)} as v(id integer, from_value numeric, to_value numeric)
        where ${staffRates.id} = v.id and ${staffRates.companyId} = ${companyId}
          and ${staffRates.salary} = v.from_value
        returning ${staffRates.id}`);
      return result.rows.length;
    },

    insertPositions: (companyId, rows, tx) =>
      insertOwnedRecords(tx, staffRates, companyId, rows, [
        'qualification',
        'category',
        'scientificDegree',
        'salary',
      ]),

    deletePositions: (companyId, ids, tx) => deleteOwnedRows(tx, staffRates, companyId, ids),
  };
}
