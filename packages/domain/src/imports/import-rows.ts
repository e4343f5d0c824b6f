import { parseDecimal } from '../common/decimal-text';
import {
  MAX_AMOUNT,
  MAX_NAME_LENGTH,
  amountFieldSchema,
  hasNoNul,
  priceFieldSchema,
  nameFieldSchema,
} from '../common/fields';
import { decimalPlaces } from '../common/money';
import { equipmentInputSchema } from '../equipment/equipment.schema';
import { MAX_MEASUREMENT_NAME_LENGTH } from '../measurements/measurement.schema';
import { SCIENTIFIC_DEGREES, STAFF_CATEGORIES } from '../staff/staff-rate.schema';
import { foldText, tidyText } from './header-match';
import { IMPORT_FIELD_LABELS, type ImportField } from './import.schema';

/** A cell as the file reader gives it: text, a number, or nothing. */
export type SheetCell = string | number | null;

/** One data row of a file: its line number (the header is line 1) and its cells by column index. */
export interface SheetRow {
  line: number;
  cells: readonly SheetCell[];
  /** Columns whose cell holds a formula the file saved no value for (an XLSX written by a program, not Excel). */
  uncomputed?: readonly number[];
  /** Columns whose cell holds a SUM formula (`=SUM(C2:C9)`, `=СУММ(…)`): a totals row of an XLSX (issue 33). */
  sums?: readonly number[];
}

/**
 * A row read, or the Ukrainian reason it is refused; `skipped` marks a totals row (issue 33), left out on purpose
 * and listed apart from the refusals.
 */
export type RowReading<T> =
  { ok: true; line: number; row: T } | { ok: false; line: number; reason: string; skipped?: true };

export const IMPORT_ROW_MESSAGES = {
  uncomputed: (label: string) =>
    `Клітинка «${label}» містить формулу без збереженого значення: відкрийте файл в Excel, збережіть його і завантажте ще раз.`,
  unknownCategory: (value: string) =>
    `Категорія «${value}» не з переліку: ${STAFF_CATEGORIES.join(', ')}.`,
  unknownDegree: (value: string) =>
    `Науковий ступінь «${value}» не з переліку: ${SCIENTIFIC_DEGREES.join(', ')}.`,
  totalsRow: (value: string) =>
    `Підсумковий рядок «${value}» пропущено: це сума, а не позиція таблиці.`,
  sumFormula: (label: string) =>
    `Рядок пропущено: у клітинці «${label}» формула суми, тобто це підсумок, а не позиція таблиці.`,
  unitTooLong: (value: string) =>
    `Назва одиниці виміру «${value}» задовга: до ${MAX_MEASUREMENT_NAME_LENGTH} символів (наприклад, «мл», «упаковка»).`,
} as const;

/** Spellings of the categories and degrees other than the app's own, folded. */
const CATEGORY_ALIASES: Readonly<Record<string, (typeof STAFF_CATEGORIES)[number]>> = {
  'вища категорія': 'вища',
  'перша категорія': 'перша',
  'друга категорія': 'друга',
  'i категорія': 'перша',
  'ii категорія': 'друга',
  'без кат': 'без категорії',
  немає: 'без категорії',
  '-': 'без категорії',
  '—': 'без категорії',
};
const DEGREE_ALIASES: Readonly<Record<string, (typeof SCIENTIFIC_DEGREES)[number]>> = {
  'без ступеня': 'немає',
  'без наукового ступеня': 'немає',
  'к.мед.н.': 'кандидат медичних наук',
  'к.м.н.': 'кандидат медичних наук',
  кмн: 'кандидат медичних наук',
  'д.мед.н.': 'доктор медичних наук',
  'д.м.н.': 'доктор медичних наук',
  дмн: 'доктор медичних наук',
  '-': 'немає',
  '—': 'немає',
};

const cellText = (cell: SheetCell | undefined): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'number' ? String(cell) : cell;

/** One cell read into its field's value, or refused with the Ukrainian reason. */
type CellReading<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * A closed-list cell: blank → `blank`, a listed value or an alias (case folded); anything else is refused with
 * `unknown` of the tidied text.
 */
function closedCellOf<T extends string>(
  cell: SheetCell | undefined,
  list: readonly T[],
  aliases: Readonly<Record<string, T>>,
  blank: T,
  unknown: (text: string) => string,
): CellReading<T> {
  const text = cellText(cell);
  const folded = foldText(text);
  // An alias is the table's own key only: «constructor» or «__proto__» in a cell is not a value of the list.
  const alias = Object.hasOwn(aliases, folded) ? aliases[folded] : undefined;
  const value = folded === '' ? blank : (list.find((listed) => listed === folded) ?? alias);
  return value === undefined ? { ok: false, reason: unknown(tidyText(text)) } : { ok: true, value };
}

/** The first zod message of a failed parse. */
const firstMessage = (issues: readonly { message: string }[]) => issues[0]?.message ?? '';

/** The words that open a totals row, folded: Ukrainian «Разом», «Всього», «Усього», and Russian «Итого», «Всего». */
const TOTALS_WORDS = ['разом', 'всього', 'усього', 'итого', 'всего'] as const;

/**
 * Whether a cell's text labels a totals row: it is one of {@link TOTALS_WORDS} (case and spaces aside, with or
 * without a colon) or starts with one followed by something other than a letter or digit («Разом по відділенню»,
 * «Всього:»), so a name that merely begins with those letters is not one.
 */
export function isTotalsLabel(text: string): boolean {
  const folded = foldText(text);
  return TOTALS_WORDS.some(
    (word) => folded.startsWith(word) && !/^[\p{L}\p{N}]/u.test(folded.slice(word.length)),
  );
}

/**
 * Why a row is a totals row, or undefined: its name cell (or the row's first filled cell, where a totals label
 * often sits in the number column) is a totals label, or a used column holds a SUM formula.
 */
function totalsReason(
  row: SheetRow,
  columns: Partial<Record<ImportField, number | null>>,
  nameField: ImportField,
): string | undefined {
  const nameIndex = columns[nameField];
  const nameText =
    nameIndex === null || nameIndex === undefined ? '' : cellText(row.cells[nameIndex]);
  const firstText = cellText(row.cells.find((cell) => cellText(cell).trim() !== ''));
  for (const text of [nameText, firstText])
    if (isTotalsLabel(text)) return IMPORT_ROW_MESSAGES.totalsRow(tidyText(text));
  if (row.sums !== undefined)
    for (const [field, index] of Object.entries(columns) as [ImportField, number | null][])
      if (index !== null && row.sums.includes(index))
        return IMPORT_ROW_MESSAGES.sumFormula(IMPORT_FIELD_LABELS[field]);
  return undefined;
}

/**
 * Reads the cells of one row by field. Returns null for a row with every used cell blank (a spacer line: left
 * out, not counted), or a refusal when a used column holds a formula without a saved value.
 */
function cellsOf(
  row: SheetRow,
  columns: Partial<Record<ImportField, number | null>>,
): RowReading<Partial<Record<ImportField, SheetCell>>> | null {
  const values: Partial<Record<ImportField, SheetCell>> = {};
  let blank = true;
  for (const [field, index] of Object.entries(columns) as [ImportField, number | null][]) {
    if (index === null) continue;
    if (row.uncomputed?.includes(index)) {
      return {
        ok: false,
        line: row.line,
        reason: IMPORT_ROW_MESSAGES.uncomputed(IMPORT_FIELD_LABELS[field]),
      };
    }
    const cell = row.cells[index] ?? null;
    values[field] = cell;
    if (cellText(cell).trim() !== '') blank = false;
  }
  return blank ? null : { ok: true, line: row.line, row: values };
}

/**
 * The shared field schemas by label, built once: building a zod schema costs far more than parsing with it, and a
 * 5,000-row file parses 15,000 cells (issue 20's bench: 5.3 s → well under 0.1 s).
 */
const nameSchemas = new Map<string, ReturnType<typeof nameFieldSchema>>();
const amountSchemas = new Map<string, ReturnType<typeof amountFieldSchema>>();
const priceSchemas = new Map<string, ReturnType<typeof amountFieldSchema>>();
const cached = <S>(cache: Map<string, S>, label: string, build: (label: string) => S): S => {
  let schema = cache.get(label);
  if (schema === undefined) {
    schema = build(label);
    cache.set(label, schema);
  }
  return schema;
};

/** A required name cell: the shared name rules (blank, too long, NUL), stored tidied. */
function nameOf(cell: SheetCell | undefined, label: string) {
  const text = cellText(cell).trim();
  // The common case without zod (a parse is ~30 µs); anything unusual gets the schema's message.
  if (text !== '' && text.length <= MAX_NAME_LENGTH && hasNoNul(text))
    return { ok: true as const, value: tidyText(text) };
  const parsed = cached(nameSchemas, label, nameFieldSchema).safeParse(cellText(cell));
  return parsed.success
    ? { ok: true as const, value: tidyText(parsed.data) }
    : { ok: false as const, reason: firstMessage(parsed.error.issues) };
}

/** A currency mark before or after an amount: `₴ 20 000`, `20 000,00 грн`, `20000.00 UAH`, `15 гривень`. */
const CURRENCY_BEFORE = /^(?:₴|uah|грн\.?)\s*/iu;
const CURRENCY_AFTER = /\s*(?:₴|uah|грн\.?|гривень|гривні|гривня)$/iu;

/** A money cell's text without its currency mark (at most one before and one after); the rest is left as it is. */
export function withoutCurrency(text: string): string {
  return text.trim().replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '');
}

/**
 * A money cell as people type it (`1 234,56`, `1234.56`, `20 000`, `20 000,00 грн`, `₴ 20 000`): the shared
 * amount rules (`schema`: a salary's two decimals, a material price's four).
 */
function amountOf(
  cell: SheetCell | undefined,
  label: string,
  decimals: 2 | 4 = 2,
  schema: (label: string) => ReturnType<typeof amountFieldSchema> = amountFieldSchema,
) {
  const input = typeof cell === 'number' ? cell : withoutCurrency(cellText(cell));
  const amount = parseDecimal(input);
  if (
    amount !== undefined &&
    amount >= 0 &&
    amount <= MAX_AMOUNT &&
    decimalPlaces(amount) <= decimals
  )
    return { ok: true as const, value: amount };
  const parsed = cached(decimals === 2 ? amountSchemas : priceSchemas, label, schema).safeParse(
    input,
  );
  return parsed.success
    ? { ok: true as const, value: parsed.data }
    : { ok: false as const, reason: firstMessage(parsed.error.issues) };
}

export interface StaffImportRow {
  qualification: string;
  category: (typeof STAFF_CATEGORIES)[number];
  scientific_degree: (typeof SCIENTIFIC_DEGREES)[number];
  salary: number;
}
export interface PillImportRow {
  name: string;
  measurementType: string;
  price: number;
}
export interface MeasurementImportRow {
  name: string;
}

type Columns = Partial<Record<ImportField, number | null>>;

/**
 * Reads the rows of a file for one table; blank rows are left out. Each row is either read (trimmed, numbers
 * parsed, closed lists resolved) or refused with its line and a Ukrainian reason.
 */
function readRows<T>(
  rows: readonly SheetRow[],
  columns: Columns,
  nameField: ImportField,
  read: (cells: Partial<Record<ImportField, SheetCell>>) => { row: T } | { reason: string },
): RowReading<T>[] {
  const readings: RowReading<T>[] = [];
  for (const sheetRow of rows) {
    const totals = totalsReason(sheetRow, columns, nameField);
    if (totals !== undefined) {
      readings.push({ ok: false, line: sheetRow.line, reason: totals, skipped: true });
      continue;
    }
    const cells = cellsOf(sheetRow, columns);
    if (cells === null) continue;
    if (!cells.ok) {
      readings.push(cells);
      continue;
    }
    const result = read(cells.row);
    readings.push(
      'row' in result
        ? { ok: true, line: sheetRow.line, row: result.row }
        : { ok: false, line: sheetRow.line, reason: result.reason },
    );
  }
  return readings;
}

/**
 * A file's reader for one table: `readCells` reads each field of a row from its cell; the row is refused with the
 * reason of the first refused cell, in the order `readCells` lists them.
 */
function rowReader<T>(
  nameField: ImportField,
  readCells: (cells: Partial<Record<ImportField, SheetCell>>) => {
    [K in keyof T]: CellReading<T[K]>;
  },
): (rows: readonly SheetRow[], columns: Columns) => RowReading<T>[] {
  return (rows, columns) =>
    readRows<T>(rows, columns, nameField, (cells) => {
      const row: Partial<T> = {};
      const readings = Object.entries(readCells(cells)) as [keyof T, CellReading<T[keyof T]>][];
      for (const [field, reading] of readings) {
        if (!reading.ok) return { reason: reading.reason };
        row[field] = reading.value;
      }
      return { row: row as T };
    });
}

/** The staffing table: Посада, Категорія, Науковий ступінь (blank: «немає»), Оклад. */
export const readStaffRows = rowReader<StaffImportRow>('qualification', (cells) => ({
  qualification: nameOf(cells.qualification, IMPORT_FIELD_LABELS.qualification),
  category: closedCellOf(
    cells.category,
    STAFF_CATEGORIES,
    CATEGORY_ALIASES,
    'без категорії',
    IMPORT_ROW_MESSAGES.unknownCategory,
  ),
  scientific_degree: closedCellOf(
    cells.scientific_degree,
    SCIENTIFIC_DEGREES,
    DEGREE_ALIASES,
    'немає',
    IMPORT_ROW_MESSAGES.unknownDegree,
  ),
  salary: amountOf(cells.salary, IMPORT_FIELD_LABELS.salary),
}));

/** Materials: Назва, Одиниця, Ціна. The unit's length is checked only for a new unit (see the plan). */
export const readPillRows = rowReader<PillImportRow>('name', (cells) => ({
  name: nameOf(cells.name, IMPORT_FIELD_LABELS.name),
  measurementType: nameOf(cells.measurementType, IMPORT_FIELD_LABELS.measurementType),
  price: amountOf(cells.price, IMPORT_FIELD_LABELS.price, 4, priceFieldSchema),
}));

/** Units: Назва. */
export const readMeasurementRows = rowReader<MeasurementImportRow>('name', (cells) => ({
  name: nameOf(cells.name, IMPORT_FIELD_LABELS.name),
}));

/**
 * A row of the equipment register (issue 38). `inventoryNumber` and `residualValue` are undefined when the file
 * has no such column: a new row then has none and 0, a row it updates keeps its own.
 */
export interface EquipmentImportRow {
  name: string;
  inventoryNumber: string | undefined;
  firstCost: number;
  residualValue: number | undefined;
  usefulLifeYears: number;
  hoursPerYear: number;
}

/** A money cell of the register without its currency mark; a number as it is. */
const moneyCell = (cell: SheetCell | undefined): string | number =>
  typeof cell === 'number' ? cell : withoutCurrency(cellText(cell));

/**
 * The equipment register: Назва, Інвентарний номер, Первісна вартість, Ліквідаційна вартість, Строк корисного
 * використання, Годин використання на рік. Each row is held to the register's own body rules (domain
 * `equipmentInputSchema`: its limits and messages, S below V), so a file can hold nothing the form refuses. A
 * register is tens of rows, so the schema's parse per row costs nothing that matters.
 */
export function readEquipmentRows(
  rows: readonly SheetRow[],
  columns: Columns,
): RowReading<EquipmentImportRow>[] {
  const has = (field: ImportField) => columns[field] !== null && columns[field] !== undefined;
  return readRows<EquipmentImportRow>(rows, columns, 'name', (cells) => {
    const parsed = equipmentInputSchema.safeParse({
      name: cellText(cells.name),
      inventoryNumber: cellText(cells.inventoryNumber),
      firstCost: moneyCell(cells.firstCost),
      residualValue: has('residualValue') ? moneyCell(cells.residualValue) : '',
      usefulLifeYears: cells.usefulLifeYears ?? '',
      hoursPerYear: cells.hoursPerYear ?? '',
    });
    if (!parsed.success) return { reason: firstMessage(parsed.error.issues) };
    const row = parsed.data;
    return {
      row: {
        name: tidyText(row.name),
        inventoryNumber: has('inventoryNumber') ? tidyText(row.inventoryNumber) : undefined,
        firstCost: row.firstCost,
        residualValue: has('residualValue') ? row.residualValue : undefined,
        usefulLifeYears: row.usefulLifeYears,
        hoursPerYear: row.hoursPerYear,
      },
    };
  });
}
