import ExcelJS from 'exceljs';
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_TABLE_TITLES,
  compareStaffRates,
  importFileName,
  isImportMoneyField,
  type ImportField,
  type ImportTable,
} from '@medcalc/domain';

const WIDTHS: Partial<Record<ImportField, number>> = {
  qualification: 48,
  category: 18,
  scientific_degree: 28,
  salary: 14,
  name: 48,
  measurementType: 16,
  price: 14,
  inventoryNumber: 18,
  firstCost: 16,
  residualValue: 16,
  usefulLifeYears: 14,
  hoursPerYear: 14,
};

/** The staffing table in the order the /staff page shows (domain `compareStaffRates`). */
function staffOrder(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const keys = (row: Record<string, unknown>) => ({
    qualification: String(row.qualification ?? ''),
    category: String(row.category ?? ''),
    scientific_degree: String(row.scientific_degree ?? ''),
    id: typeof row.id === 'number' ? row.id : undefined,
  });
  return compareStaffRates(keys(a), keys(b));
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
  const sheet = workbook.addWorksheet(IMPORT_TABLE_TITLES[table]);
  sheet.columns = fields.map((field) => ({
    header: IMPORT_FIELD_LABELS[field],
    key: field,
    width: WIDTHS[field] ?? 20,
    // A price shows up to four decimals where it has them (issue 33), a salary two.
    ...(isImportMoneyField(field)
      ? { style: { numFmt: field === 'price' ? '#,##0.00##' : '#,##0.00' } }
      : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const rows = records as Record<string, unknown>[];
  const ordered = table === 'staff' ? [...rows].sort(staffOrder) : rows;
  for (const record of ordered)
    sheet.addRow(Object.fromEntries(fields.map((field) => [field, record[field]])));
  const fileName = importFileName(table, { templateLevel, empty: isTemplate });
  return { fileName, xlsx: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
