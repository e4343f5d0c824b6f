import {
  moneyToString,
  planEquipmentImport,
  readEquipmentRows,
  storedEquipmentPlanSchema,
  type EquipmentTableValues,
  type StoredEquipmentPlan,
  type StoredEquipmentValues,
} from '@medcalc/domain';
import type { EquipmentImportStore } from '../equipment/equipment-import-store';
import { companyTableSteps, type TableImporter } from './importer';

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
 * goes through the equipment module's port, checked against what the preview saw. Template equipment is the
 * administrator's, made in the admin panel: only a company imports its register.
 */
export function equipmentImporter(
  register: EquipmentImportStore,
): TableImporter<StoredEquipmentPlan> {
  return {
    schema: storedEquipmentPlanSchema,
    ...companyTableSteps('equipment', 'the equipment register', 'equipment', register, {
      plan: (rows, columns, table) => planEquipmentImport(readEquipmentRows(rows, columns), table),
      change: (update) => ({ from: storedValues(update.old), to: storedValues(update.new) }),
      insert: ({ line: _line, ...values }) => storedValues(values),
    }),
  };
}
