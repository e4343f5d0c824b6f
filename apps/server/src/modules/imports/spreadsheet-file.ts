import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate } from 'fflate';
import { MAX_IMPORT_ROWS, type SheetCell, type SheetRow } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';

/** A file as the import reads it: all rows (the header among them), each with its line number. */
export interface SheetData {
  rows: SheetRow[];
}

/** Ukrainian refusals of a file as a whole (422 under `file`, nothing stored). */
export const FILE_MESSAGES = {
  missing: 'Оберіть файл .xlsx або .csv.',
  tooLarge: 'Файл завеликий: до 5 МБ.',
  notSpreadsheet: 'Це не таблиця: завантажте файл .xlsx або .csv (наприклад, збережений з Excel).',
  damaged:
    'Файл пошкоджений або це не книга Excel: збережіть його в Excel як .xlsx і завантажте ще раз.',
  oldExcel:
    'Це книга старого формату Excel (.xls): збережіть її в Excel як «Книга Excel (.xlsx)» і завантажте ще раз.',
  encrypted: 'Книгу захищено паролем: зніміть пароль у Excel, збережіть файл і завантажте ще раз.',
  macros:
    'Книга містить макроси (.xlsm): збережіть її в Excel як «Книга Excel (.xlsx)» без макросів.',
  zipBomb: 'Файл розпаковується в надто великий обсяг даних; такий файл не приймається.',
  empty: 'Аркуш порожній: у файлі немає рядків з даними.',
  tooManyRows: `Забагато рядків: до ${MAX_IMPORT_ROWS.toLocaleString('uk-UA')} за один імпорт. Розділіть файл на частини.`,
} as const;

const refuse = (message: string) => AppError.field('file', message);

/** Most bytes the parts of an XLSX may unpack to together (a zip bomb unpacks to gigabytes). */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** An OLE compound file: an old .xls, or an XLSX encrypted with a password (stored inside such a container). */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buffer: Buffer, magic: readonly number[]) =>
  buffer.length >= magic.length && magic.every((byte, index) => buffer[index] === byte);

/**
 * Unpacks every part of a ZIP while counting the bytes it really yields (not the sizes the file declares, which a
 * zip bomb can fake), stopping past {@link MAX_UNPACKED_BYTES}. Returns the part names; refuses a damaged ZIP.
 */
function zipPartNames(buffer: Buffer, limit: number): string[] {
  const names: string[] = [];
  let total = 0;
  let overflow = false;
  const unzip = new Unzip((file) => {
    names.push(file.name);
    if (file.originalSize !== undefined && file.originalSize > limit) overflow = true;
    file.ondata = (error, chunk) => {
      if (error) throw error;
      total += chunk.length;
      if (total > limit && !overflow) {
        overflow = true;
        file.terminate();
      }
    };
    if (!overflow) file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(buffer, true);
  } catch {
    if (!overflow) throw refuse(FILE_MESSAGES.damaged);
  }
  if (overflow) throw refuse(FILE_MESSAGES.zipBomb);
  return names;
}

/** A cell of exceljs as the import reads it; `undefined` marks a formula without a saved value. */
function cellOf(value: ExcelJS.CellValue): SheetCell | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined || result === null ? undefined : cellOf(result);
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellOf(value.text);
  if ('error' in value) return value.error;
  return null;
}

/**
 * A formula that sums (`SUM(C2:C9)`, `SUBTOTAL(9,C2:C9)`; a workbook stores English function names whatever the
 * language of the Excel that wrote it): its cell is a total, not a value (issue 33).
 */
const SUM_FORMULA = /(?<![\p{L}\p{N}_.])(?:SUM|SUBTOTAL|СУММ|СУМ)\s*\(/iu;

async function readXlsx(buffer: Buffer): Promise<SheetData> {
  const parts = zipPartNames(buffer, MAX_UNPACKED_BYTES);
  if (parts.some((name) => name.toLowerCase() === 'xl/vbaproject.bin'))
    throw refuse(FILE_MESSAGES.macros);
  if (!parts.includes('xl/workbook.xml')) throw refuse(FILE_MESSAGES.notSpreadsheet);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw refuse(FILE_MESSAGES.damaged);
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) throw refuse(FILE_MESSAGES.empty);
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw refuse(FILE_MESSAGES.tooManyRows);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: SheetCell[] = [];
    const uncomputed: number[] = [];
    const sums: number[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const value = cellOf(cell.value);
      if (value === undefined) uncomputed.push(column - 1);
      const formula: unknown = cell.formula;
      if (typeof formula === 'string' && SUM_FORMULA.test(formula)) sums.push(column - 1);
      cells[column - 1] = value ?? null;
    });
    for (let index = 0; index < cells.length; index += 1) cells[index] ??= null;
    rows.push({
      line,
      cells,
      ...(uncomputed.length > 0 ? { uncomputed } : {}),
      ...(sums.length > 0 ? { sums } : {}),
    });
  });
  return { rows };
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Text of a CSV: UTF-8 (with or without a BOM) when it decodes as UTF-8, else Windows-1251 (what Excel saves). */
export function decodeCsv(buffer: Buffer): string {
  if (startsWith(buffer, UTF8_BOM)) return new TextDecoder('utf-8').decode(buffer.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1251').decode(buffer);
  }
}

/** The separator of a CSV: whichever of `;`, `,` and tab appears most in its first line (Ukrainian Excel: `;`). */
export function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/u));
  const counts = [';', ',', '\t'].map((delimiter) => ({
    delimiter,
    count: firstLine.split(delimiter).length - 1,
  }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0] && counts[0].count > 0 ? counts[0].delimiter : ';';
}

/** Bytes no text file has: NUL and the C0 controls other than tab, line feed, form feed and carriage return. */
const hasBinaryBytes = (buffer: Buffer) => {
  const sample = buffer.subarray(0, 64 * 1024);
  return sample.some(
    (byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d,
  );
};

function readCsv(buffer: Buffer): SheetData {
  if (hasBinaryBytes(buffer)) throw refuse(FILE_MESSAGES.notSpreadsheet);
  const text = decodeCsv(buffer);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    throw refuse(FILE_MESSAGES.notSpreadsheet);
  }
  const rows = records
    .map((cells, index) => ({
      line: index + 1,
      cells: cells.map((cell) => (cell === '' ? null : cell)),
    }))
    .filter((row) => row.cells.some((cell) => cell !== null && cell.trim() !== ''));
  if (rows.length > MAX_IMPORT_ROWS + 1) throw refuse(FILE_MESSAGES.tooManyRows);
  return { rows };
}

/**
 * Reads an uploaded file (issue 20): an XLSX workbook's first sheet with data, or a CSV in UTF-8 or Windows-1251
 * separated by `;` or `,`. The content decides, the name only names the refusal: an old .xls or a
 * password-protected workbook (an OLE container), a macro-enabled one, a ZIP that unpacks past
 * {@link MAX_UNPACKED_BYTES}, a binary file, a sheet with no rows, or more than {@link MAX_IMPORT_ROWS} rows are
 * refused with a Ukrainian 422 under `file`.
 */
export async function readSpreadsheet(buffer: Buffer, fileName: string): Promise<SheetData> {
  const extension = /\.([^.]+)$/u.exec(fileName.toLowerCase())?.[1] ?? '';
  if (buffer.length === 0) throw refuse(FILE_MESSAGES.empty);
  if (extension === 'xlsm') throw refuse(FILE_MESSAGES.macros);
  if (startsWith(buffer, CFB_MAGIC)) {
    const encrypted = buffer.includes(Buffer.from('EncryptionInfo', 'utf16le'));
    throw refuse(
      encrypted || extension !== 'xls' ? FILE_MESSAGES.encrypted : FILE_MESSAGES.oldExcel,
    );
  }
  if (startsWith(buffer, ZIP_MAGIC)) return readXlsx(buffer);
  if (extension === 'xlsx' || extension === 'xls') throw refuse(FILE_MESSAGES.damaged);
  const data = readCsv(buffer);
  if (data.rows.length === 0) throw refuse(FILE_MESSAGES.empty);
  return data;
}
