import {
  IMPORT_FIELDS,
  type ImportColumns,
  type ImportField,
  type ImportTable,
} from './import.schema';

/**
 * Text folded for comparing names and headers: lower case (Cyrillic too), every run of whitespace (no-break and
 * narrow spaces included) one space, trimmed. `Лікар  терапевт` and `лікар терапевт` fold alike.
 */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** A name as it is stored: trimmed, every run of whitespace one plain space. */
export function tidyText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Currency words a header may carry (`Оклад, грн`, `Ціна (UAH)`), dropped before matching. */
const CURRENCY_WORDS = new Set(['грн', 'гривень', 'гривні', 'uah', '₴']);

/** A header folded for matching: `Оклад, грн.` → `оклад`, `Од. виміру` → `од виміру`. */
export function foldHeader(header: string): string {
  const words = foldText(header)
    .replace(/[.,:;()[\]{}"'«»*№/\\_-]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !CURRENCY_WORDS.has(word));
  return words.join(' ');
}

/** The headers each field is known by, folded (`foldHeader`); the first is the label the export writes. */
const HEADER_VARIANTS: Record<ImportTable, Record<string, readonly string[]>> = {
  staff: {
    qualification: [
      'посада',
      'назва посади',
      'найменування посади',
      'посада професія',
      'професія',
      'кваліфікація',
      'посада кваліфікація',
      'найменування посад',
    ],
    category: ['категорія', 'кваліфікаційна категорія', 'категорія посади', 'кат'],
    scientific_degree: ['науковий ступінь', 'вчений ступінь', 'ступінь', 'науковий ступінь звання'],
    salary: [
      'оклад',
      'посадовий оклад',
      'місячний оклад',
      'оклад на місяць',
      'посадовий оклад на місяць',
      'ставка',
      'оклад ставка',
      'заробітна плата',
      'зарплата',
    ],
  },
  pills: {
    name: [
      'назва',
      'найменування',
      'назва матеріалу',
      'найменування матеріалу',
      'матеріал',
      'назва товару',
      'найменування товару',
      'товар',
    ],
    measurementType: [
      'одиниця',
      'одиниця виміру',
      'одиниці виміру',
      'од виміру',
      'од вим',
      'од',
      'один виміру',
    ],
    price: [
      'ціна',
      'ціна за одиницю',
      'ціна за од',
      'ціна одиниці',
      'вартість',
      'вартість за одиницю',
      'ціна з пдв',
    ],
  },
  measurements: {
    name: [
      'назва',
      'одиниця',
      'одиниця виміру',
      'назва одиниці',
      'назва одиниці виміру',
      'найменування',
    ],
  },
  equipment: {
    name: [
      'назва',
      'найменування',
      'назва обладнання',
      'найменування обладнання',
      'обладнання',
      'основний засіб',
      'назва основного засобу',
      'найменування основного засобу',
    ],
    inventoryNumber: ['інвентарний номер', 'інв номер', 'інвентарний', 'інв', 'номер'],
    firstCost: [
      'первісна вартість',
      'первісна',
      'балансова вартість',
      'вартість придбання',
      'вартість',
    ],
    residualValue: ['ліквідаційна вартість', 'ліквідаційна'],
    usefulLifeYears: [
      'строк корисного використання років',
      'строк корисного використання',
      'строк використання',
      'строк експлуатації',
      'строк служби',
      'років',
    ],
    hoursPerYear: [
      'годин використання на рік',
      'годин на рік',
      'годин використання',
      'плановий фонд часу',
      'годин',
    ],
  },
};

/**
 * Fields a file may leave out: the staffing table's scientific degree (then every row reads «немає»); the
 * equipment's inventory number and residual value (a new row then has none and 0; a row it updates keeps its own).
 */
export const OPTIONAL_IMPORT_FIELDS: ReadonlySet<ImportField> = new Set([
  'scientific_degree',
  'inventoryNumber',
  'residualValue',
]);

export interface ColumnMatch {
  /** The column each field is read from (an index into the headers); null when none. */
  columns: Partial<Record<ImportField, number | null>>;
  /** Required fields without a column. */
  missing: ImportField[];
}

/**
 * Finds each field's column among `headers` (issue 20): by the header's folded text among the field's known
 * names, else a header starting with one of them (`Оклад посадовий за штатом`); `picked` (the user's choice from
 * the headers) wins over both. A column serves one field only; a picked index outside the headers is ignored here
 * (the caller refuses it).
 */
export function matchColumns(
  table: ImportTable,
  headers: readonly string[],
  picked: ImportColumns = {},
): ColumnMatch {
  const folded = headers.map(foldHeader);
  const fields: readonly ImportField[] = IMPORT_FIELDS[table];
  const variants = HEADER_VARIANTS[table];
  const taken = new Set<number>();
  const columns: Partial<Record<ImportField, number | null>> = {};
  for (const field of fields) {
    const index = picked[field];
    if (index !== undefined && index !== null && index < headers.length) {
      columns[field] = index;
      taken.add(index);
    }
  }
  const find = (test: (header: string, variant: string) => boolean, field: ImportField) =>
    folded.findIndex(
      (header, index) =>
        !taken.has(index) && (variants[field] ?? []).some((variant) => test(header, variant)),
    );
  for (const test of [
    (header: string, variant: string) => header === variant,
    (header: string, variant: string) => header.startsWith(`${variant} `),
  ]) {
    for (const field of fields) {
      if (columns[field] !== undefined) continue;
      const index = find(test, field);
      if (index >= 0) {
        columns[field] = index;
        taken.add(index);
      }
    }
  }
  for (const field of fields) columns[field] ??= null;
  const missing = fields.filter(
    (field) => columns[field] === null && !OPTIONAL_IMPORT_FIELDS.has(field),
  );
  return { columns, missing };
}
