import {
  moneyToString,
  planStaffImport,
  readStaffRows,
  storedStaffPlanSchema,
  type StoredStaffPlan,
} from '@medcalc/domain';
import type { Owner } from '../../lib/bulk-rows';
import type { StaffImportStore } from '../staff/staff-ports';
import {
  changeEvery,
  companyOnly,
  reversed,
  updatesAndInserts,
  type TableImporter,
} from './importer';

/** The staffing table has no template level: only a company imports it. */
const companyOf = (owner: Owner) => companyOnly(owner, 'the staffing table');

/**
 * The staffing table's importer: a file row matches a position by the staff module's duplicate rule
 * (`staffPositionKey`); a match with another salary is updated, a new position is added.
 */
export function staffImporter(staff: StaffImportStore): TableImporter<StoredStaffPlan> {
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

    lines: updatesAndInserts.lines,
    without: updatesAndInserts.without,

    newUnits: () => [],

    async run(owner, stored, tx, conflict) {
      const companyId = companyOf(owner);
      await changeEvery(
        stored.updates,
        (changes) => staff.changeSalaries(companyId, changes, tx),
        conflict,
      );
      const insertedIds = await staff.insertPositions(companyId, stored.inserts, tx);
      return { salaries: reversed(stored.updates), insertedIds };
    },

    async undo(owner, undo, tx, changed) {
      const companyId = companyOf(owner);
      await changeEvery(
        undo.salaries,
        (changes) => staff.changeSalaries(companyId, changes, tx),
        changed,
      );
      await staff.deletePositions(companyId, undo.insertedIds, tx);
    },

    exportRows: async (owner) => staff.tableRows(companyOf(owner)),
  };
}
