import { MAX_MEASUREMENT_NAME_LENGTH } from '../measurements/measurement.schema';
import { createUnitMatcher, unitKey } from '../measurements/unit-synonyms';
import { foldText } from './header-match';
import { staffPositionKey } from '../staff/staff-position';
import { EQUIPMENT_MESSAGES } from '../equipment/equipment.schema';
import type {
  EquipmentImportRow,
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
  equipmentTwice: (name: string, lines: readonly number[]) =>
    `Обладнання «${name}» повторюється у файлі (рядки ${lines.join(', ')}) з різними значеннями.`,
  equipmentSameRow: (name: string, line: number) =>
    `Рядок відповідає тому самому обладнанню «${name}», що й рядок ${line} файлу.`,
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

/** A row of the equipment register as stored (issue 38): V, S, N, T as numbers. */
export interface EquipmentTableRow {
  id: number;
  name: string;
  inventoryNumber: string;
  firstCost: number;
  residualValue: number;
  usefulLifeYears: number;
  hoursPerYear: number;
}
/** A register row's values, as an import writes them. */
export type EquipmentTableValues = Omit<EquipmentTableRow, 'id'>;
export interface EquipmentUpdate {
  id: number;
  line: number;
  old: EquipmentTableValues;
  new: EquipmentTableValues;
}
export type EquipmentInsert = EquipmentTableValues & { line: number };

/** How a file row finds its register row: by its inventory number when it has one, else by its name. */
const equipmentKey = (row: { name: string; inventoryNumber?: string | undefined }) =>
  row.inventoryNumber ? `#${foldText(row.inventoryNumber)}` : `=${foldText(row.name)}`;

/** The register's fields an import compares, with how two values of each are equal. */
const EQUIPMENT_COMPARED = [
  ['name', (a: string | number, b: string | number) => a === b],
  ['inventoryNumber', (a: string | number, b: string | number) => a === b],
  ['firstCost', (a: string | number, b: string | number) => sameMoney(Number(a), Number(b))],
  ['residualValue', (a: string | number, b: string | number) => sameMoney(Number(a), Number(b))],
  ['usefulLifeYears', (a: string | number, b: string | number) => a === b],
  ['hoursPerYear', (a: string | number, b: string | number) => sameMoney(Number(a), Number(b))],
] as const;

/**
 * The equipment register (issue 38): a file row with an inventory number matches the register's row of that number
 * (case folded), or else a row of its name without a number; one without (or with a blank cell) matches a row by
 * name; a match whose values differ is updated, anything else is
 * added. A column the file leaves out (inventory number, residual value) keeps the row's own value. A row whose
 * residual value would not stay below its first cost is refused with the register's message.
 */
export function planEquipmentImport(
  readings: readonly RowReading<EquipmentImportRow>[],
  table: readonly EquipmentTableRow[],
): ImportPlan<EquipmentUpdate, EquipmentInsert> {
  const { unique, refused, skipped, repeats } = dedupe(
    readings,
    equipmentKey,
    (a, b) =>
      EQUIPMENT_COMPARED.every(([field, same]) => {
        const left = a[field];
        const right = b[field];
        return left === undefined || right === undefined ? left === right : same(left, right);
      }),
    (row, lines) => IMPORT_PLAN_MESSAGES.equipmentTwice(row.name, lines),
  );
  const byInventory = new Map<string, EquipmentTableRow>();
  const byName = new Map<string, EquipmentTableRow>();
  const unnumbered = new Map<string, EquipmentTableRow>();
  for (const row of [...table].sort((a, b) => a.id - b.id)) {
    if (row.inventoryNumber !== '' && !byInventory.has(equipmentKey(row)))
      byInventory.set(equipmentKey(row), row);
    const nameKey = equipmentKey({ name: row.name });
    if (!byName.has(nameKey)) byName.set(nameKey, row);
    if (row.inventoryNumber === '' && !unnumbered.has(nameKey)) unnumbered.set(nameKey, row);
  }
  const updated: ImportUpdatedRow[] = [];
  const added: ImportAddedRow[] = [];
  const updates: EquipmentUpdate[] = [];
  const inserts: EquipmentInsert[] = [];
  const matchedBy = new Map<number, number>();
  let unchanged = repeats;
  for (const { line, row, key } of unique) {
    // By its number; a number the register does not have yet may be a row without one of that name (a register
    // exported before it had numbers, numbered in Excel).
    const nameKey = equipmentKey({ name: row.name });
    const byNumber = row.inventoryNumber ? byInventory.get(key) : undefined;
    const match = byNumber ?? (row.inventoryNumber ? unnumbered.get(nameKey) : byName.get(key));
    const values: EquipmentTableValues = {
      name: row.name,
      // The number it was matched by keeps its stored spelling (another case is the same number); a blank or
      // missing one keeps the row's own (an import does not clear one).
      inventoryNumber:
        byNumber?.inventoryNumber ?? (row.inventoryNumber || match?.inventoryNumber || ''),
      firstCost: row.firstCost,
      residualValue: row.residualValue ?? match?.residualValue ?? 0,
      usefulLifeYears: row.usefulLifeYears,
      hoursPerYear: row.hoursPerYear,
    };
    if (values.residualValue >= values.firstCost) {
      refused.push({ line, reason: EQUIPMENT_MESSAGES.residual });
      continue;
    }
    if (!match) {
      added.push({ line, values: { ...values } });
      inserts.push({ ...values, line });
      continue;
    }
    const earlier = matchedBy.get(match.id);
    if (earlier !== undefined) {
      refused.push({ line, reason: IMPORT_PLAN_MESSAGES.equipmentSameRow(match.name, earlier) });
      continue;
    }
    matchedBy.set(match.id, line);
    const changes: ImportUpdatedRow['changes'] = EQUIPMENT_COMPARED.flatMap(([field, same]) =>
      same(match[field], values[field]) ? [] : [{ field, old: match[field], new: values[field] }],
    );
    if (changes.length === 0) {
      unchanged += 1;
      continue;
    }
    const { id: _id, ...old } = match;
    updated.push({ line, key: match.name, changes });
    updates.push({ id: match.id, line, old, new: values });
  }
  refused.sort((a, b) => a.line - b.line);
  return planOf({ updated, added, refused, skipped, newUnits: [], updates, inserts, unchanged });
}
