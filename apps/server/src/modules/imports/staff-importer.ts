import {
  moneyToString,
  planStaffImport,
  readStaffRows,
  storedStaffPlanSchema,
  type StoredStaffPlan,
} from '@medcalc/domain';
import type { StaffImportStore } from '../staff/staff-ports';
import { companyTableSteps, type TableImporter } from './importer';

/**
 * The staffing table's importer: a file row matches a position by the staff module's duplicate rule
 * (`staffPositionKey`); a match with another salary is updated, a new position is added. The staffing table has no
 * template level to import: only a company imports it.
 */
export function staffImporter(staff: StaffImportStore): TableImporter<StoredStaffPlan> {
  const { companyOf, ...steps } = companyTableSteps('the staffing table', 'salaries', {
    tableRows: (companyId) => staff.tableRows(companyId),
    changeRows: staff.changeSalaries,
    insertRows: staff.insertPositions,
    deleteRows: staff.deletePositions,
  });
  return {
    schema: storedStaffPlanSchema,

    async plan(owner, rows, columns) {
      const plan = planStaffImport(
        readStaffRows(rows, columns),
        await staff.tableRows(companyOf(owner)),
      );
      const stored: StoredStaffPlan = {
        kind: 'staff',
        updates: plan.updates.map((update) => ({
          line: update.line,
          id: update.id,
          from: moneyToString(update.oldSalary),
          to: moneyToString(update.salary),
        })),
        inserts: plan.inserts.map((row) => ({
          line: row.line,
          qualification: row.qualification,
          category: row.category,
          scientificDegree: row.scientific_degree,
          salary: moneyToString(row.salary),
        })),
      };
      return { plan, stored };
    },

    ...steps,
  };
}
