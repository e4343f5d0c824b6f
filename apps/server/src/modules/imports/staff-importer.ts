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
  return {
    schema: storedStaffPlanSchema,
    ...companyTableSteps(
      'staff',
      'the staffing table',
      'salaries',
      {
        tableRows: (companyId) => staff.tableRows(companyId),
        changeRows: staff.changeSalaries,
        insertRows: staff.insertPositions,
        deleteRows: staff.deletePositions,
      },
      {
        plan: (rows, columns, table) => planStaffImport(readStaffRows(rows, columns), table),
        change: (update) => ({
          from: moneyToString(update.oldSalary),
          to: moneyToString(update.salary),
        }),
        insert: (row) => ({
          qualification: row.qualification,
          category: row.category,
          scientificDegree: row.scientific_degree,
          salary: moneyToString(row.salary),
        }),
      },
    ),
  };
}
