import {
  moneyToString,
  planEquipmentImport,
  readEquipmentRows,
  storedEquipmentPlanSchema,
  type EquipmentTableValues,
  type StoredEquipmentPlan,
  type StoredEquipmentValues,
} from '@medcalc/domain';
import type { Owner } from '../../lib/bulk-rows';
import type { EquipmentImportStore } from '../equipment/equipment-import-store';
import {
  changeEvery,
  companyOnly,
  reversed,
  updatesAndInserts,
  type TableImporter,
} from './importer';

/** The equipment register has no template level (yet): only a company imports it. */
const companyOf = (owner: Owner) => companyOnly(owner, 'the equipment register');

/** A register row's values as the plan stores them: amounts and hours as exact decimal text. */
const storedValues = (values: EquipmentTableValues): StoredEquipmentValues => ({
  name: values.name,
  inventoryNumber: values.inventoryNumber,
  firstCost: moneyToString(values.firstCost),
  residualValue: moneyToString(values.residualValue),
  usefulLifeYears: values.usefulLifeYears,
  hoursPerYear: moneyToString(values.hoursPerYear),
});

/**
 * The equipment register's importer (issue 38): a file row matches a register row by inventory number, else by
 * name (domain `planEquipmentImport`); a match whose values differ is updated, anything else added. Every write
 * goes through the equipment module's port, checked against what the preview saw.
 */
export function equipmentImporter(
  register: EquipmentImportStore,
): TableImporter<StoredEquipmentPlan> {
  return {
    schema: storedEquipmentPlanSchema,

    async plan(owner, rows, columns) {
      const plan = planEquipmentImport(
        readEquipmentRows(rows, columns),
        await register.tableRows(companyOf(owner)),
      );
      const stored: StoredEquipmentPlan = {
        kind: 'equipment',
        updates: plan.updates.map((update) => ({
          line: update.line,
          id: update.id,
          from: storedValues(update.old),
          to: storedValues(update.new),
        })),
        inserts: plan.inserts.map(({ line, ...values }) => ({ line, ...storedValues(values) })),
      };
      return { plan, stored };
    },

    lines: updatesAndInserts.lines,
    without: updatesAndInserts.without,

    newUnits: () => [],

    async run(owner, stored, tx, conflict) {
      const companyId = companyOf(owner);
      await changeEvery(
        stored.updates,
        (changes) => register.changeRows(companyId, changes, tx),
        conflict,
      );
      const insertedIds = await register.insertRows(
        companyId,
        stored.inserts.map(({ line: _line, ...values }) => values),
        tx,
      );
      return { equipment: reversed(stored.updates), insertedIds };
    },

    async undo(owner, undo, tx, changed) {
      const companyId = companyOf(owner);
      await changeEvery(
        undo.equipment,
        (changes) => register.changeRows(companyId, changes, tx),
        changed,
      );
      await register.deleteRows(companyId, undo.insertedIds, tx);
    },

    exportRows: async (owner) => register.tableRows(companyOf(owner)),
  };
}
