import { sql } from 'drizzle-orm';
import {
  EQUIPMENT_REGISTER_FIELDS,
  type EquipmentTableRow,
  type StoredEquipmentChange,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { equipment } from '../../db/schema';
import { deleteOwnedRows, insertOwnedRecords, records } from '../../lib/bulk-rows';
import { companyEquipment, numericRow, type EquipmentValues } from './equipment.repository';

/** A register row an import adds: V, S and T as exact decimal text (what a register row stores). */
export type NewEquipmentRow = EquipmentValues;

/**
 * The equipment module's port for the spreadsheet import (issue 38, as the staffing table's of issue 20): the
 * company's register as the planner reads it and its bulk writes, each one statement whatever the row count and in
 * the caller's transaction. A change writes a row only if it still holds every value the preview saw
 * (`… WHERE name = from.name AND …`) and answers how many rows changed, so the caller sees a row changed since.
 */
export interface EquipmentImportStore {
  tableRows(companyId: number, tx?: Executor): Promise<EquipmentTableRow[]>;
  changeRows(
    companyId: number,
    changes: readonly StoredEquipmentChange[],
    tx: Executor,
  ): Promise<number>;
  insertRows(companyId: number, rows: readonly NewEquipmentRow[], tx: Executor): Promise<number[]>;
  deleteRows(companyId: number, ids: readonly number[], tx: Executor): Promise<void>;
}

export function createEquipmentImportStore(db: Executor): EquipmentImportStore {
  return {
    async tableRows(companyId, tx = db) {
      return (await companyEquipment(tx, companyId)).map(numericRow);
    },

    async changeRows(companyId, changes, tx) {
      if (changes.length === 0) return 0;
      const values = changes.map(({ id, from, to }) => ({
        id,
        from_name: from.name,
        from_inventory: from.inventoryNumber,
        from_cost: from.firstCost,
        from_residual: from.residualValue,
        from_years: from.usefulLifeYears,
        from_hours: from.hoursPerYear,
        to_name: to.name,
        to_inventory: to.inventoryNumber,
        to_cost: to.firstCost,
        to_residual: to.residualValue,
        to_years: to.usefulLifeYears,
        to_hours: to.hoursPerYear,
      }));
      const result = await tx.execute(sql`
        update ${equipment} set name = v.to_name, inventory_number = v.to_inventory, first_cost = v.to_cost,
          residual_value = v.to_residual, useful_life_years = v.to_years, hours_per_year = v.to_hours,
          updated_at = now()
        from ${records(values)} as v(id integer, from_name text, from_inventory text, from_cost numeric,
          from_residual numeric, from_years integer, from_hours numeric, to_name text, to_inventory text,
          to_cost numeric, to_residual numeric, to_years integer, to_hours numeric)
        where ${equipment.id} = v.id and ${equipment.companyId} = ${companyId}
          and ${equipment.name} = v.from_name and ${equipment.inventoryNumber} = v.from_inventory
          and ${equipment.firstCost} = v.from_cost and ${equipment.residualValue} = v.from_residual
          and ${equipment.usefulLifeYears} = v.from_years and ${equipment.hoursPerYear} = v.from_hours
        returning ${equipment.id}`);
      return result.rows.length;
    },

    insertRows: (companyId, rows, tx) =>
      insertOwnedRecords(tx, equipment, companyId, rows, EQUIPMENT_REGISTER_FIELDS),

    deleteRows: (companyId, ids, tx) => deleteOwnedRows(tx, equipment, companyId, ids),
  };
}
