import { MAX_MEASUREMENT_NAME_LENGTH } from '../measurements/measurement.schema';
import { createUnitMatcher, unitKey } from '../measurements/unit-synonyms';
import { foldText } from './header-match';
import { staffPositionKey } from '../staff/staff-position';
import type {
  MeasurementImportRow,
  PillImportRow,
  RowReading,
  StaffImportRow,
} from './import-rows';
import { IMPORT_ROW_MESSAGES } from './import-rows';
import type {
  ImportAddedRow,
  ImportCounts,
  ImportRefusedRow,
  ImportUpdatedRow,
} from './import.schema';

/**
 * What an import would do to a table (issue 20), worked out from the rows read and the table as it is: the
 * preview's lists and counts, and the writes (`updates`, `inserts`) the apply runs. Pure: the server reads the
 * table, calls the planner, stores the plan, and applies the writes in one transaction.
 */
export interface ImportPlan<Update, Insert> {
  counts: ImportCounts;
  updated: ImportUpdatedRow[];
  added: ImportAddedRow[];
  refused: ImportRefusedRow[];
  /** Totals rows («Разом», «Всього», a SUM formula) left out on purpose, with the reason (issue 33). */
  skipped: ImportRefusedRow[];
  /** Unit names the file uses that do not exist yet (materials only), as the file first spells them. */
  newUnits: string[];
  updates: Update[];
  inserts: Insert[];
}

export const IMPORT_PLAN_MESSAGES = {
  staffTwice: (name: string, lines: readonly number[]) =>
    `Посада «${name}» з тією самою категорією і ступенем повторюється у файлі (рядки ${lines.join(', ')}) з різними окладами.`,
  pillTwice: (name: string, lines: readonly number[]) =>
    `Матеріал «${name}» повторюється у файлі (рядки ${lines.join(', ')}) з різними одиницями або цінами.`,
} as const;

/**
 * Two amounts equal to the kopeck. Both are amounts the rows and the table hold (at most two decimals, at most
 * `MAX_AMOUNT`), so their kopecks are exact integers far below 2^53; comparing them avoids building 10,000
 * decimals per 5,000-row file.
 */
const sameMoney = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);
/** Two material prices equal to the ten-thousandth of a hryvnia (a price has up to four decimals, issue 33). */
const samePrice = (a: number, b: number) => Math.round(a * 10_000) === Math.round(b * 10_000);

/**
 * Splits the rows read into refusals and one row per key. Rows of one key that agree (`sameValues`) are one row
 * (the first; the later ones change nothing and count as unchanged); rows of one key that disagree are all
 * refused, since the file does not say which is right.
 */
function dedupe<T>(
  readings: readonly RowReading<T>[],
  keyOf: (row: T) => string,
  sameValues: (a: T, b: T) => boolean,
  twice: (row: T, lines: number[]) => string,
) {
  const refused: ImportRefusedRow[] = [];
  const skipped: ImportRefusedRow[] = [];
  const groups = new Map<string, { line: number; row: T }[]>();
  for (const reading of readings) {
    if (!reading.ok) {
      (reading.skipped ? skipped : refused).push({ line: reading.line, reason: reading.reason });
      continue;
    }
    const key = keyOf(reading.row);
    const group = groups.get(key);
    if (group) group.push({ line: reading.line, row: reading.row });
    else groups.set(key, [{ line: reading.line, row: reading.row }]);
  }
  const unique: { line: number; row: T; key: string }[] = [];
  let repeats = 0;
  for (const [key, group] of groups) {
    const [first, ...rest] = group;
    if (!first) continue;
    if (rest.every((other) => sameValues(first.row, other.row))) {
      unique.push({ ...first, key });
      repeats += rest.length;
    } else {
      const lines = group.map((entry) => entry.line);
      for (const entry of group)
        refused.push({ line: entry.line, reason: twice(entry.row, lines) });
    }
  }
  unique.sort((a, b) => a.line - b.line);
  refused.sort((a, b) => a.line - b.line);
  return { unique, refused, skipped, repeats };
}

function planOf<Update, Insert>(
  parts: Omit<ImportPlan<Update, Insert>, 'counts'> & { unchanged: number },
): ImportPlan<Update, Insert> {
  const { unchanged, ...rest } = parts;
  return {
    ...rest,
    counts: {
      updated: parts.updated.length,
      added: parts.added.length,
      unchanged,
      refused: parts.refused.length,
    },
  };
}

/** A row of the staffing table as stored. */
export interface StaffTableRow {
  id: number;
  qualification: string;
  category: string;
  scientific_degree: string;
  salary: number;
}
export interface StaffUpdate {
  id: number;
  line: number;
  oldSalary: number;
  salary: number;
}
export type StaffInsert = StaffImportRow & { line: number };

/** How a position is shown in the preview: `Лікар-терапевт · вища · немає`. */
export const staffRowKey = (row: {
  qualification: string;
  category: string;
  scientific_degree: string;
}) => `${row.qualification} · ${row.category} · ${row.scientific_degree}`;

/**
 * The staffing table: a row matches a position by qualification, category and degree (case folded); a match with
 * another salary is updated, a new combination is added as the company's own position.
 */
export function planStaffImport(
  readings: readonly RowReading<StaffImportRow>[],
  table: readonly StaffTableRow[],
): ImportPlan<StaffUpdate, StaffInsert> {
  const { unique, refused, skipped, repeats } = dedupe(
    readings,
    staffPositionKey,
    (a, b) => sameMoney(a.salary, b.salary),
    (row, lines) => IMPORT_PLAN_MESSAGES.staffTwice(row.qualification, lines),
  );
  const existing = new Map<string, StaffTableRow>();
  for (const row of [...table].sort((a, b) => a.id - b.id)) {
    if (!existing.has(staffPositionKey(row))) existing.set(staffPositionKey(row), row);
  }
  const updated: ImportUpdatedRow[] = [];
  const added: ImportAddedRow[] = [];
  const updates: StaffUpdate[] = [];
  const inserts: StaffInsert[] = [];
  let unchanged = repeats;
  for (const { line, row, key } of unique) {
    const match = existing.get(key);
    if (!match) {
      added.push({ line, values: { ...row } });
      inserts.push({ ...row, line });
    } else if (sameMoney(match.salary, row.salary)) {
      unchanged += 1;
    } else {
      updated.push({
        line,
        key: staffRowKey(match),
        changes: [{ field: 'salary', old: match.salary, new: row.salary }],
      });
      updates.push({ id: match.id, line, oldSalary: match.salary, salary: row.salary });
    }
  }
  return planOf({ updated, added, refused, skipped, newUnits: [], updates, inserts, unchanged });
}

/** A unit the owner sees (a standard one, or the company's own). */
export interface UnitRow {
  id: number;
  name: string;
}
/** One of the owner's materials as stored, with its unit's name. */
export interface PillTableRow {
  id: number;
  name: string;
  measurementType: string;
  price: number;
}
export interface PillUpdate {
  id: number;
  line: number;
  old: { measurementType: string; price: number };
  /** `measurementType` is the unit's stored name, or a new unit's name as the file spells it. */
  new: { measurementType: string; price: number };
}
export type PillInsert = PillImportRow & { line: number };

/**
 * Materials: a row matches one of the owner's materials by name (case folded) and updates its unit and price; a
 * new name is added. A unit is found by name among the units the owner sees; one not found is a new unit (listed
 * in `newUnits`, created on confirmation), held to the {@link MAX_MEASUREMENT_NAME_LENGTH}-character rule.
 */
export function planPillsImport(
  readings: readonly RowReading<PillImportRow>[],
  table: readonly PillTableRow[],
  units: readonly UnitRow[],
): ImportPlan<PillUpdate, PillInsert> {
  const findUnit = createUnitMatcher(units);
  const newUnits = new Map<string, string>();
  // A new unit longer than the rule allows refuses its row; a known unit (by name, or by a synonym of it: the
  // file's «кілограм» is the institution's «кг») is taken with its stored spelling.
  const resolved: RowReading<PillImportRow>[] = readings.map((reading) => {
    if (!reading.ok) return reading;
    const known = findUnit(reading.row.measurementType);
    if (known !== undefined)
      return { ...reading, row: { ...reading.row, measurementType: known.name } };
    if (reading.row.measurementType.length > MAX_MEASUREMENT_NAME_LENGTH) {
      return {
        ok: false,
        line: reading.line,
        reason: IMPORT_ROW_MESSAGES.unitTooLong(reading.row.measurementType),
      };
    }
    return reading;
  });
  const { unique, refused, skipped, repeats } = dedupe(
    resolved,
    (row) => foldText(row.name),
    (a, b) =>
      unitKey(a.measurementType) === unitKey(b.measurementType) && samePrice(a.price, b.price),
    (row, lines) => IMPORT_PLAN_MESSAGES.pillTwice(row.name, lines),
  );
  const existing = new Map<string, PillTableRow>();
  for (const row of table)
    if (!existing.has(foldText(row.name))) existing.set(foldText(row.name), row);
  const updated: ImportUpdatedRow[] = [];
  const added: ImportAddedRow[] = [];
  const updates: PillUpdate[] = [];
  const inserts: PillInsert[] = [];
  let unchanged = repeats;
  for (const { line, row: read, key } of unique) {
    const rowUnit = unitKey(read.measurementType);
    let row = read;
    // Spellings of one new unit («флакон» and «фл.» in one file) are one new unit, named as first spelled.
    if (findUnit(read.measurementType) === undefined) {
      const first = newUnits.get(rowUnit);
      if (first === undefined) newUnits.set(rowUnit, read.measurementType);
      else row = { ...read, measurementType: first };
    }
    const match = existing.get(key);
    if (!match) {
      added.push({ line, values: { ...row } });
      inserts.push({ ...row, line });
      continue;
    }
    const changes: ImportUpdatedRow['changes'] = [];
    if (unitKey(match.measurementType) !== rowUnit) {
      changes.push({
        field: 'measurementType',
        old: match.measurementType,
        new: row.measurementType,
      });
    }
    if (!samePrice(match.price, row.price))
      changes.push({ field: 'price', old: match.price, new: row.price });
    if (changes.length === 0) {
      unchanged += 1;
      continue;
    }
    updated.push({ line, key: match.name, changes });
    updates.push({
      id: match.id,
      line,
      old: { measurementType: match.measurementType, price: match.price },
      new: { measurementType: row.measurementType, price: row.price },
    });
  }
  return planOf({
    updated,
    added,
    refused,
    skipped,
    newUnits: [...newUnits.values()],
    updates,
    inserts,
    unchanged,
  });
}

export type MeasurementInsert = MeasurementImportRow & { line: number };

/**
 * Units: a name the owner already sees (case folded) is left as it is; a new name is added, held to the
 * {@link MAX_MEASUREMENT_NAME_LENGTH}-character rule. A unit has nothing to update.
 */
export function planMeasurementsImport(
  readings: readonly RowReading<MeasurementImportRow>[],
  units: readonly UnitRow[],
): ImportPlan<never, MeasurementInsert> {
  const checked: RowReading<MeasurementImportRow>[] = readings.map((reading) =>
    reading.ok && reading.row.name.length > MAX_MEASUREMENT_NAME_LENGTH
      ? { ok: false, line: reading.line, reason: IMPORT_ROW_MESSAGES.unitTooLong(reading.row.name) }
      : reading,
  );
  const { unique, refused, skipped, repeats } = dedupe(
    checked,
    (row) => unitKey(row.name),
    () => true,
    () => '',
  );
  // A unit the owner already has under another common spelling («кг» for «кілограм») is not added again.
  const findUnit = createUnitMatcher(units);
  const added: ImportAddedRow[] = [];
  const inserts: MeasurementInsert[] = [];
  let unchanged = repeats;
  for (const { line, row } of unique) {
    if (findUnit(row.name) !== undefined) {
      unchanged += 1;
    } else {
      added.push({ line, values: { ...row } });
      inserts.push({ ...row, line });
    }
  }
  return planOf({
    updated: [],
    added,
    refused,
    skipped,
    newUnits: [],
    updates: [],
    inserts,
    unchanged,
  });
}
