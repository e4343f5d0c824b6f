import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { moneyToNumber, type EquipmentTableRow } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { equipment } from '../../db/schema';
import { deleteOwnedRow, ownedBy, updateOwnedRow, type Owner } from '../../lib/bulk-rows';
import { idsAmong } from '../../lib/ids-among';
import { equalsFolded } from '../../lib/paginate';

/**
 * The advisory lock's first key under which template rows are looked for and made (its second key is 0); the tariff
 * comparison's repository holds 41 and 42.
 */
const TEMPLATE_ROWS_LOCK = 43;

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

/** A register row as stored: its values, its id, its owner (null: the administrator's template equipment), its times. */
export interface EquipmentRow extends EquipmentValues {
  id: number;
  companyId: number | null;
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
  companyId: equipment.companyId,
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

/** Template rows and the company's own: what a wizard line of the company may name. */
const visibleTo = (companyId: number) =>
  or(isNull(equipment.companyId), eq(equipment.companyId, companyId));

/**
 * The `equipment` table's repository (the equipment module owns it). An owner is a company's id, or null for the
 * administrator's template equipment.
 */
export function createEquipmentRepository(db: Executor) {
  return {
    listByOwner: (owner: Owner, tx: Executor = db): Promise<EquipmentRow[]> =>
      selectEquipment(tx, ownedBy(equipment.companyId, owner)),

    /** The template rows and the company's own (the wizard's list), in id order. */
    listVisible: (companyId: number, tx: Executor = db): Promise<EquipmentRow[]> =>
      selectEquipment(tx, visibleTo(companyId)),

    /** The owner's rows among `ids` (another owner's row is not among them), in id order. */
    async findOwned(
      owner: Owner,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<EquipmentRow[]> {
      if (ids.length === 0) return [];
      return selectEquipment(
        tx,
        and(ownedBy(equipment.companyId, owner), inArray(equipment.id, [...ids])),
      );
    },

    /** The rows among `ids` a wizard line of the company may name: template rows and its own, in id order. */
    async findVisible(
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<EquipmentRow[]> {
      if (ids.length === 0) return [];
      return selectEquipment(tx, and(visibleTo(companyId), inArray(equipment.id, [...ids])));
    },

    /** Which of `ids` a wizard line of the company may name. */
    findVisibleIds: (
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<number[]> => idsAmong(tx, equipment, ids, visibleTo(companyId)),

    /**
     * Waits for, and holds to the end of `tx`, the lock under which a template row is looked for and made: two
     * add-to-template calls at once then find one machine's row made by the first, instead of each making one.
     */
    async lockTemplateRows(tx: Executor): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEMPLATE_ROWS_LOCK}::int, 0)`);
    },

    /**
     * The first template row with the name (trimmed, case-insensitively) and exactly the V, S, N and T of `values`,
     * or undefined: two machines of one name with other values are two rows.
     */
    async findTemplateLike(
      values: Omit<EquipmentValues, 'inventoryNumber'>,
      tx: Executor = db,
    ): Promise<EquipmentRow | undefined> {
      const [row] = await selectEquipment(
        tx,
        and(
          isNull(equipment.companyId),
          equalsFolded(equipment.name, values.name),
          eq(equipment.firstCost, values.firstCost),
          eq(equipment.residualValue, values.residualValue),
          eq(equipment.usefulLifeYears, values.usefulLifeYears),
          eq(equipment.hoursPerYear, values.hoursPerYear),
        ),
      );
      return row;
    },

    async insert(owner: Owner, values: EquipmentValues, tx: Executor = db) {
      const [row] = await tx
        .insert(equipment)
        .values({ companyId: owner, ...values })
        .returning(rowColumns);
      if (!row) throw new Error('insert into equipment returned no row');
      return row;
    },

    /** Replaces the owner's row; undefined when the owner has no such row. */
    update: (
      owner: Owner,
      id: number,
      values: EquipmentValues,
      tx: Executor = db,
    ): Promise<EquipmentRow | undefined> => updateOwnedRow(tx, equipment, owner, id, values),

    /** Deletes the owner's row; false when the owner has no such row. */
    remove: (owner: Owner, id: number, tx: Executor = db): Promise<boolean> =>
      deleteOwnedRow(tx, equipment, owner, id),
  };
}

export type EquipmentRepository = ReturnType<typeof createEquipmentRepository>;
