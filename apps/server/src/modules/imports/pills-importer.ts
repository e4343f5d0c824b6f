import {
  createUnitMatcher,
  planPillsImport,
  priceToString,
  readPillRows,
  storedPillsPlanSchema,
  type PillTableRow,
  type StoredPillsPlan,
} from '@medcalc/domain';
import type { Owner } from '../../lib/bulk-rows';
import type { UnitImportStore } from '../measurements/unit-import-store';
import type { PillChange, PillImportStore } from '../pills/pill-import-store';
import { changeEvery, reversed, updatesAndInserts, type TableImporter } from './importer';

/**
 * The materials' importer: a row matches one of the owner's materials by name and updates its unit and price, or
 * adds a material; a unit the owner does not have is created once the user confirms it. The materials are
 * written through the pills module's port, the units through the measurements module's.
 */
export function pillsImporter(
  pills: PillImportStore,
  units: UnitImportStore,
): TableImporter<StoredPillsPlan> {
  /** The owner's materials with their unit's name, in id order. */
  async function tableRows(owner: Owner): Promise<(PillTableRow & { measurementId: number })[]> {
    const rows = await pills.tableRows(owner);
    const unitIds = [...new Set(rows.map((row) => row.measurementId))];
    const names = new Map((await units.unitsByIds(unitIds)).map((unit) => [unit.id, unit.name]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      measurementType: names.get(row.measurementId) ?? '',
      measurementId: row.measurementId,
      price: Number(row.price),
    }));
  }

  return {
    schema: storedPillsPlanSchema,

    async plan(owner, rows, columns) {
      const [tableOfPills, visible] = await Promise.all([
        tableRows(owner),
        units.visibleUnits(owner),
      ]);
      const unitIds = new Map(tableOfPills.map((row) => [row.id, row.measurementId]));
      const plan = planPillsImport(readPillRows(rows, columns), tableOfPills, visible);
      const stored: StoredPillsPlan = {
        kind: 'pills',
        newUnits: plan.newUnits,
        updates: plan.updates.map((update) => ({
          line: update.line,
          id: update.id,
          from: {
            measurementId: unitIds.get(update.id) ?? 0,
            price: priceToString(update.old.price),
          },
          unit: update.new.measurementType,
          price: priceToString(update.new.price),
        })),
        inserts: plan.inserts.map((row) => ({
          line: row.line,
          name: row.name,
          unit: row.measurementType,
          price: priceToString(row.price),
        })),
      };
      return { plan, stored };
    },

    lines: updatesAndInserts.lines,

    /** Also without the new units only the excluded lines used. */
    without(stored, counts, excluded) {
      const kept = updatesAndInserts.without(stored, counts, excluded);
      const { updates, inserts } = kept.stored;
      const used = createUnitMatcher(
        [...updates, ...inserts].map((write) => ({ name: write.unit })),
      );
      return {
        stored: {
          ...kept.stored,
          newUnits: stored.newUnits.filter((name) => used(name) !== undefined),
        },
        counts: kept.counts,
      };
    },

    newUnits: (stored) => stored.newUnits,

    async run(owner, stored, tx, conflict) {
      // Units are found as the preview found them: by name, else by a common spelling («кг» for «кілограм»).
      const visible = await units.visibleUnits(owner, tx);
      const findVisible = createUnitMatcher(visible);
      const missingUnits = stored.newUnits.filter((name) => findVisible(name) === undefined);
      const createdUnits = await units.insertUnits(owner, missingUnits, tx);
      const findUnit = createUnitMatcher([...visible, ...createdUnits]);
      const unitId = (name: string) => {
        const id = findUnit(name)?.id;
        if (id === undefined) throw conflict();
        return id;
      };
      const changes: PillChange[] = stored.updates.map((update) => ({
        id: update.id,
        from: update.from,
        to: { measurementId: unitId(update.unit), price: update.price },
      }));
      await changeEvery(changes, (rows) => pills.changePills(owner, rows, tx), conflict);
      const insertedIds = await pills.insertPills(
        owner,
        stored.inserts.map((row) => ({
          name: row.name,
          measurementId: unitId(row.unit),
          price: row.price,
        })),
        tx,
      );
      return {
        pills: reversed(changes),
        insertedIds,
        createdUnitIds: createdUnits.map((unit) => unit.id),
      };
    },

    async undo(owner, undo, tx, changed) {
      await changeEvery(undo.pills, (rows) => pills.changePills(owner, rows, tx), changed);
      await pills.deletePills(owner, undo.insertedIds, tx);
      if (undo.createdUnitIds) await units.deleteUnits(owner, undo.createdUnitIds, tx);
    },

    exportRows: (owner) => tableRows(owner),
  };
}
