import {
  planMeasurementsImport,
  readMeasurementRows,
  storedUnitsPlanSchema,
  type StoredUnitsPlan,
} from '@medcalc/domain';
import type { UnitImportStore } from '../measurements/unit-import-store';
import { keptWrites, linesOf, type TableImporter } from './importer';

/** The units' importer: a name the owner does not see yet (by the unit synonyms) is added. */
export function unitsImporter(units: UnitImportStore): TableImporter<StoredUnitsPlan> {
  return {
    schema: storedUnitsPlanSchema,

    async plan(owner, rows, columns) {
      const plan = planMeasurementsImport(
        readMeasurementRows(rows, columns),
        await units.visibleUnits(owner),
      );
      const stored: StoredUnitsPlan = {
        kind: 'measurements',
        inserts: plan.inserts.map((row) => ({ line: row.line, name: row.name })),
      };
      return { plan, stored };
    },

    lines: (stored) => linesOf(stored.inserts),

    without(stored, counts, excluded) {
      const inserts = keptWrites(stored.inserts, excluded);
      return { stored: { ...stored, inserts }, counts: { ...counts, added: inserts.length } };
    },

    newUnits: () => [],

    async run(owner, stored, tx) {
      const names = stored.inserts.map((write) => (typeof write === 'string' ? write : write.name));
      return { insertedIds: (await units.insertUnits(owner, names, tx)).map((unit) => unit.id) };
    },

    async undo(owner, undo, tx) {
      await units.deleteUnits(owner, undo.insertedIds, tx);
    },

    exportRows: (owner) => units.ownUnits(owner),
  };
}
