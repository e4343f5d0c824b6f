import { formatQuantity } from '../common/format-money';
import {
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  type ImportField,
  type ImportTable,
} from './import.schema';

/**
 * What the web's import dialog and the server's workbooks and activity log both say of the import tables (issue
 * 20), so the two never differ: each table's title, its fields that hold money, its files' names and the limits
 * as the hint and the refusals write them.
 */

/** A table's title: the workbook's sheet and file name, the activity log's «Таблиця». */
export const IMPORT_TABLE_TITLES: Readonly<Record<ImportTable, string>> = {
  staff: 'Штатний розпис',
  pills: 'Матеріали',
  measurements: 'Одиниці виміру',
  equipment: 'Обладнання',
};

/** The fields whose values are amounts in UAH: numbers in the workbook, the money format in the preview. */
const IMPORT_MONEY_FIELDS: ReadonlySet<ImportField> = new Set<ImportField>([
  'salary',
  'price',
  'firstCost',
  'residualValue',
]);

export const isImportMoneyField = (field: ImportField): boolean => IMPORT_MONEY_FIELDS.has(field);

/**
 * The name of a table's workbook: `Матеріали.xlsx`, `Матеріали (шаблонні).xlsx` for the administrator's
 * template-level table, and `Шаблон імпорту — Матеріали.xlsx` for the empty workbook (the import's template).
 */
export function importFileName(
  table: ImportTable,
  { templateLevel, empty }: { templateLevel: boolean; empty: boolean },
): string {
  const title = templateLevel
    ? `${IMPORT_TABLE_TITLES[table]} (шаблонні)`
    : IMPORT_TABLE_TITLES[table];
  return empty ? `Шаблон імпорту — ${title}.xlsx` : `${title}.xlsx`;
}

/** A count as the limits are written: `10 000` (uk-UA, a no-break space between thousands). */
export const formatCount = (value: number): string => formatQuantity(value, 0);

/** The limits of a file as the dialog's hint and the refusals write them: `5 МБ`, `10 000`. */
export const IMPORT_LIMITS_TEXT = {
  fileSize: `${formatCount(MAX_IMPORT_FILE_BYTES / (1024 * 1024))} МБ`,
  rows: formatCount(MAX_IMPORT_ROWS),
} as const;
