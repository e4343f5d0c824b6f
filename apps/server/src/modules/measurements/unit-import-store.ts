import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { UnitRow } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { measurements } from '../../db/schema';
import { idAmong, ownedBy, records, type Owner, deleteOwnedRows } from '../../lib/bulk-rows';
import { translateDbErrors } from '../../lib/db-errors';

/**
 * The measurements module's port for the spreadsheet import (issue 20): the units an owner sees or owns, and
 * the bulk writes of the units an import creates (in the caller's transaction).
 */
export interface UnitImportStore {
  /** The standard units and, for a company, its own (standard first, then by id). */
  visibleUnits(owner: Owner, tx?: Executor): Promise<UnitRow[]>;
  /** The owner's own units (the export of the units table), by id. */
  ownUnits(owner: Owner, tx?: Executor): Promise<UnitRow[]>;
  /** Units by id, whoever owns them (the names of the units a material points at). */
  unitsByIds(ids: readonly number[], tx?: Executor): Promise<UnitRow[]>;
  /** Throws `UniqueViolationError` for a name the owner has. */
  insertUnits(owner: Owner, names: readonly string[], tx: Executor): Promise<UnitRow[]>;
  /** Throws `ForeignKeyViolationError` when a material uses one of them. */
  deleteUnits(owner: Owner, ids: readonly number[], tx: Executor): Promise<void>;
}

const unitColumns = { id: measurements.id, name: measurements.name };

export function createUnitImportStore(db: Executor): UnitImportStore {
  return {
    async visibleUnits(owner, tx = db) {
      return tx
        .select(unitColumns)
        .from(measurements)
        .where(
          owner === null
            ? isNull(measurements.companyId)
            : or(isNull(measurements.companyId), eq(measurements.companyId, owner)),
        )
        .orderBy(sql`${measurements.companyId} nulls first`, asc(measurements.id));
    },

    async ownUnits(owner, tx = db) {
      return tx
        .select(unitColumns)
        .from(measurements)
        .where(ownedBy(measurements.companyId, owner))
        .orderBy(asc(measurements.id));
    },

    async unitsByIds(ids, tx = db) {
      if (ids.length === 0) return [];
      return tx.select(unitColumns).from(measurements).where(idAmong(measurements.id, ids));
    },

    async insertUnits(owner, names, tx) {
      if (names.length === 0) return [];
      const result = await translateDbErrors(() =>
        tx.execute(sql`
          insert into ${measurements} (company_id, name)
          select ${owner}::integer, v.name from ${records(names.map((name) => ({ name })))} as v(name text)
          returning id, name`),
      );
      return result.rows.map((row) => ({ id: Number(row.id), name: String(row.name) }));
    },

    deleteUnits: (owner, ids, tx) => deleteOwnedRows(tx, measurements, owner, ids),
  };
}
