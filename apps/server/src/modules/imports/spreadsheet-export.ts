import ExcelJS from 'exceljs';
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  SCIENTIFIC_DEGREES,
  STAFF_CATEGORIES,
  type ImportField,
  type ImportTable,
} from '@medcalc/domain';

/** The workbook's file name and its sheet's name for each table. */
const TITLES: Record<ImportTable, string> = {
  staff: 'Штатний розпис',
  pills: 'Матеріали',
  measurements: 'Одиниці виміру',
};

const MONEY_FIELDS: ReadonlySet<ImportField> = new Set(['salary', 'price']);
const WIDTHS: Partial<Record<ImportField, number>> = {
  qualification: 48,
  category: 18,
  scientific_degree: 28,
  salary: 14,
  name: 48,
  measurementType: 16,
  price: 14,
};

const UKRAINIAN = new Intl.Collator('uk', { sensitivity: 'accent' });
const rank = (list: readonly string[], value: string) => {
  const index = list.indexOf(value);
  return index < 0 ? list.length : index;
};

/** The staffing table in the order the /staff page shows: qualification (Ukrainian alphabet), category, degree. */
function staffOrder(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const text = (row: Record<string, unknown>, key: string) => String(row[key] ?? '');
  return (
    UKRAINIAN.compare(text(a, 'qualification'), text(b, 'qualification')) ||
    rank(STAFF_CATEGORIES, text(a, 'category')) - rank(STAFF_CATEGORIES, text(b, 'category')) ||
    rank(SCIENTIFIC_DEGREES, text(a, 'scientific_degree')) -
      rank(SCIENTIFIC_DEGREES, text(b, 'scientific_degree'))
  );
}

/**
 * An XLSX workbook of one table in the import's columns (issue 20): the header in row 1 with the labels the
 * import recognises first, then one row per record, money as numbers with two decimals, so export → edit in Excel
 * → import changes exactly the edited cells. `isTemplate` names the empty workbook the template.
 */
export async function tableWorkbook(
  table: ImportTable,
  templateLevel: boolean,
  records: readonly object[],
  isTemplate = false,
): Promise<{ fileName: string; xlsx: Buffer }> {
  const fields: readonly ImportField[] = IMPORT_FIELDS[table];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TITLES[table]);
  sheet.columns = fields.map((field) => ({
    header: IMPORT_FIELD_LABELS[field],
    key: field,
    width: WIDTHS[field] ?? 20,
    // A price shows up to four decimals where it has them (issue 33), a salary two.
    ...(MONEY_FIELDS.has(field)
      ? { style: { numFmt: field === 'price' ? '#,##0.00##' : '#,##0.00' } }
      : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const rows = records as Record<string, unknown>[];
  const ordered = table === 'staff' ? [...rows].sort(staffOrder) : rows;
  for (const record of ordered)
    sheet.addRow(Object.fromEntries(fields.map((field) => [field, record[field]])));
  const title = templateLevel ? `${TITLES[table]} (шаблонні)` : TITLES[table];
  const fileName = isTemplate ? `Шаблон імпорту — ${title}.xlsx` : `${title}.xlsx`;
  return { fileName, xlsx: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
