import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pills } from '../../db/schema';
import {
  deleteOwnedRows,
  insertOwnedRecords,
  ownedBy,
  records,
  type Owner,
} from '../../lib/bulk-rows';
import { translateDbErrors } from '../../lib/db-errors';

/** One of the owner's materials as the import reads it: its unit by id, the price as exact decimal text. */
export interface PillImportRow {
  id: number;
  name: string;
  measurementId: number;
  price: string;
}

/** A conditional write: the material's unit and price move from `from` to `to` only if they still hold `from`. */
export interface PillChange {
  id: number;
  from: { measurementId: number; price: string };
  to: { measurementId: number; price: string };
}

/** A material an import adds: its unit by id, the price as exact decimal text. */
export type NewPill = Omit<PillImportRow, 'id'>;

/**
 * The pills module's port for the spreadsheet import (issue 20): the owner's materials and their bulk writes, each
 * one statement whatever the row count and in the caller's transaction; a change checks the row's values first
 * and answers how many rows changed, so the caller sees a row changed since the preview.
 */
export interface PillImportStore {
  tableRows(owner: Owner, tx?: Executor): Promise<PillImportRow[]>;
  changePills(owner: Owner, changes: readonly PillChange[], tx: Executor): Promise<number>;
  /** Throws `UniqueViolationError` for a name the owner has (`pills_owner_name_unique`). */
  insertPills(owner: Owner, rows: readonly NewPill[], tx: Executor): Promise<number[]>;
  deletePills(owner: Owner, ids: readonly number[], tx: Executor): Promise<void>;
}

export function createPillImportStore(db: Executor): PillImportStore {
  return {
    /**
     * In id order, read as one JSON text: PGlite turns a result into JS values field by field, which for 5,000
     * rows × 5 fields cost about a second (issue 20's bench).
     */
    async tableRows(owner, tx = db) {
      const result = await tx.execute(sql`
        select coalesce(json_agg(json_build_array(${pills.id}, ${pills.name}, ${pills.measurementId},
          ${pills.price}::text) order by ${pills.id}), '[]')::text as rows
        from ${pills} where ${ownedBy(pills.companyId, owner)}`);
      const rows = JSON.parse(String(result.rows[0]?.rows ?? '[]')) as [
        number,
        string,
        number,
        string,
      ][];
      return rows.map(([id, name, measurementId, price]) => ({ id, name, measurementId, price }));
    },

    async changePills(owner, changes, tx) {
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

    insertPills: (owner, rows, tx) =>
      insertOwnedRecords(tx, pills, owner, rows, ['name', 'measurementId', 'price']),

    deletePills: (owner, ids, tx) => deleteOwnedRows(tx, pills, owner, ids),
  };
}
