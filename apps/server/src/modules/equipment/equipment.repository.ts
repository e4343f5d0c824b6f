import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { moneyToNumber, type EquipmentTableRow } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { equipment } from '../../db/schema';
import { deleteOwnedRow, updateOwnedRow } from '../../lib/bulk-rows';
import { idsAmong } from '../../lib/ids-among';

/**
 * What a register row stores (issue 38): its name and inventory number, V and S as exact decimal text (UAH), N in
 * whole years and T as exact decimal text (hours a year).
 */
export interface EquipmentValues {
  name: string;
  inventoryNumber: string;
  firstCost: string;
  residualValue: string;
  usefulLifeYears: number;
  hoursPerYear: string;
}

/** A register row as stored: its values, its id and its times. */
export interface EquipmentRow extends EquipmentValues {
  id: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A register row's id and values with V, S and T as numbers (the wire's and the import planner's row). */
export const numericRow = (row: EquipmentValues & { id: number }): EquipmentTableRow => ({
  id: row.id,
  name: row.name,
  inventoryNumber: row.inventoryNumber,
  firstCost: moneyToNumber(row.firstCost),
  residualValue: moneyToNumber(row.residualValue),
  usefulLifeYears: row.usefulLifeYears,
  hoursPerYear: moneyToNumber(row.hoursPerYear),
});

const rowColumns = {
  id: equipment.id,
  name: equipment.name,
  inventoryNumber: equipment.inventoryNumber,
  firstCost: equipment.firstCost,
  residualValue: equipment.residualValue,
  usefulLifeYears: equipment.usefulLifeYears,
  hoursPerYear: equipment.hoursPerYear,
  createdAt: equipment.createdAt,
  updatedAt: equipment.updatedAt,
};

/** Register rows where `where` holds, in id order. */
export const selectEquipment = (tx: Executor, where: SQL | undefined): Promise<EquipmentRow[]> =>
  tx.select(rowColumns).from(equipment).where(where).orderBy(asc(equipment.id));

/** The company's register, in id order (the service and the import's planner read it). */
export const companyEquipment = (tx: Executor, companyId: number): Promise<EquipmentRow[]> =>
  selectEquipment(tx, eq(equipment.companyId, companyId));

/** The `equipment` table's repository (the equipment module owns it). */
export function createEquipmentRepository(db: Executor) {
  return {
    listByCompany: (companyId: number, tx: Executor = db): Promise<EquipmentRow[]> =>
      companyEquipment(tx, companyId),

    /** The company's rows among `ids` (another company's row is not among them), in id order. */
    async findRowsOfCompany(
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<EquipmentRow[]> {
      if (ids.length === 0) return [];
      return selectEquipment(
        tx,
        and(eq(equipment.companyId, companyId), inArray(equipment.id, [...ids])),
      );
    },

    /** Which of `ids` are rows of the company's register. */
    findIdsOfCompany: (
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<number[]> => idsAmong(tx, equipment, ids, eq(equipment.companyId, companyId)),

    async insert(companyId: number, values: EquipmentValues, tx: Executor = db) {
      const [row] = await tx
        .insert(equipment)
        .values({ companyId, ...values })
        .returning(rowColumns);
      if (!row) throw new Error('insert into equipment returned no row');
      return row;
    },

    /** Replaces the company's row; undefined when the company has no such row. */
    update: (
      companyId: number,
      id: number,
      values: EquipmentValues,
      tx: Executor = db,
    ): Promise<EquipmentRow | undefined> => updateOwnedRow(tx, equipment, companyId, id, values),

    /** Deletes the company's row; false when the company has no such row. */
    remove: (companyId: number, id: number, tx: Executor = db): Promise<boolean> =>
      deleteOwnedRow(tx, equipment, companyId, id),
  };
}

export type EquipmentRepository = ReturnType<typeof createEquipmentRepository>;
