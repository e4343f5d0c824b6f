import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Inflate } from 'fflate';
import {
  IMPORT_LIMITS_TEXT,
  MAX_IMPORT_CELL_CHARS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_LINES,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_TEXT_CHARS,
  formatCount,
  type SheetCell,
  type SheetRow,
} from '@medcalc/domain';

/** A file as the import reads it: all rows (the header among them), each with its line number. */
export interface SheetData {
  rows: SheetRow[];
}

/** Ukrainian refusals of a file as a whole (422 under `file`, nothing stored). */
export const FILE_MESSAGES = {
  missing: 'Оберіть файл .xlsx або .csv.',
  tooLarge: `Файл завеликий: до ${IMPORT_LIMITS_TEXT.fileSize}.`,
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
  tooManyRows: `Забагато рядків: до ${formatCount(MAX_IMPORT_ROWS)} за один імпорт. Розділіть файл на частини.`,
  tooManyLines: `Забагато рядків разом із порожніми: до ${formatCount(MAX_IMPORT_LINES)} у файлі. Видаліть порожні рядки.`,
  tooManyColumns: (line: number) =>
    `Забагато стовпців у рядку ${line}: до ${MAX_IMPORT_COLUMNS} у рядку.`,
  cellTooLong: (line: number) =>
    `Задовгий текст у клітинці рядка ${line}: до ${formatCount(MAX_IMPORT_CELL_CHARS)} символів у клітинці.`,
  tooMuchText: `Забагато тексту у файлі: до ${formatCount(MAX_IMPORT_TEXT_CHARS)} символів у всіх клітинках разом.`,
  tooBigToRead:
    'Файл надто великий, щоб його прочитати: розділіть його на частини й завантажте кожну окремо.',
} as const;

/**
 * A refusal of the file, thrown while it is read (the worker answers its message; imports.service.ts turns it into
 * a 422 under `file`). Not an AppError: an error crossing from a worker thread keeps only its message.
 */
export class FileRefusal extends Error {}

const refuse = (message: string) => new FileRefusal(message);

/** Most bytes the parts of an XLSX the import reads may unpack to together (a zip bomb unpacks to gigabytes). */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Most bytes one worksheet may unpack to (the 10,000 rows of 100 columns of a file at the limits: about 40 MB). */
export const MAX_SHEET_BYTES = 64 * 1024 * 1024;
/** Most bytes the shared texts, the styles or the workbook's description may unpack to, each. */
export const MAX_PART_BYTES = 32 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** An OLE compound file: an old .xls, or an XLSX encrypted with a password (stored inside such a container). */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (buffer: Buffer, magic: readonly number[]) =>
  buffer.length >= magic.length && magic.every((byte, index) => buffer[index] === byte);

/**
 * The rows of a file as they are read, refused at the first limit passed (issue 34): more than
 * {@link MAX_IMPORT_ROWS} rows with data (and a header), {@link MAX_IMPORT_LINES} rows counting the empty ones,
 * {@link MAX_IMPORT_COLUMNS} columns, {@link MAX_IMPORT_CELL_CHARS} characters in a cell or
 * {@link MAX_IMPORT_TEXT_CHARS} in all. The readers call it row by row and stop reading when it throws.
 */
class SheetCollector {
  readonly rows: SheetRow[] = [];
  private lines = 0;
  private text = 0;

  /** Counts one row of the file, empty or not (a CSV's blank line, an XLSX row without values). */
  line(): void {
    this.lines += 1;
    if (this.lines > MAX_IMPORT_LINES) throw refuse(FILE_MESSAGES.tooManyLines);
  }

  /** Checks one cell's text; called as each cell is read, before its row is whole. */
  cell(line: number, column: number, value: SheetCell | undefined): void {
    if (column >= MAX_IMPORT_COLUMNS) throw refuse(FILE_MESSAGES.tooManyColumns(line));
    if (typeof value !== 'string') return;
    if (value.length > MAX_IMPORT_CELL_CHARS) throw refuse(FILE_MESSAGES.cellTooLong(line));
    this.text += value.length;
    if (this.text > MAX_IMPORT_TEXT_CHARS) throw refuse(FILE_MESSAGES.tooMuchText);
  }

  /** Keeps a row with at least one value. */
  add(row: SheetRow): void {
    if (!row.cells.some((cell) => cell !== null && String(cell).trim() !== '')) return;
    if (this.rows.length >= MAX_IMPORT_ROWS + 1) throw refuse(FILE_MESSAGES.tooManyRows);
    this.rows.push(row);
  }
}

/** One part of a ZIP as its central directory describes it. */
interface ZipEntry {
  name: string;
  method: number;
  /** Where the compressed bytes start and how many there are. */
  start: number;
  compressedSize: number;
  /** The unpacked size the file declares (a zip bomb may understate it; the bytes are counted as they come). */
  declaredSize: number;
}

/**
 * The parts of a ZIP held in memory, from its central directory (so each part can be read in the order the
 * import needs, none unpacked to find the next). Refuses a damaged or encrypted ZIP, and ZIP64.
 */
function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const damaged = () => refuse(FILE_MESSAGES.damaged);
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at -= 1) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const total = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < total; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw damaged();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const declaredSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw damaged();
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw damaged();
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length || (method !== 0 && method !== 8)) throw damaged();
    entries.set(name, { name, method, start, compressedSize, declaredSize });
  }
  return entries;
}

/** Input handed to the inflater at a time: 4 KiB unpack to at most about 4 MB (deflate's ratio is 1:1032). */
const INFLATE_STEP = 4 * 1024;

/**
 * The text of one ZIP part, unpacked as it is read: yields UTF-8-decoded pieces and unpacks no further than the
 * reader asks. Refuses the part once its real bytes pass `limit` or the file's `budget` (what all parts read may
 * unpack to), whatever size it declares.
 */
async function* partText(
  zip: Buffer,
  entry: ZipEntry,
  limit: number,
  budget: { left: number },
): AsyncGenerator<string> {
  if (entry.declaredSize > limit || entry.declaredSize > budget.left)
    throw refuse(FILE_MESSAGES.zipBomb);
  const data = zip.subarray(entry.start, entry.start + entry.compressedSize);
  const decoder = new TextDecoder('utf-8');
  let unpacked = 0;
  let pieces: Uint8Array[] = [];
  const take = (piece: Uint8Array) => {
    unpacked += piece.length;
    budget.left -= piece.length;
    pieces.push(piece);
  };
  const inflater = entry.method === 8 ? new Inflate(take) : undefined;
  for (let offset = 0; offset < data.length; offset += INFLATE_STEP) {
    const step = data.subarray(offset, offset + INFLATE_STEP);
    const last = offset + INFLATE_STEP >= data.length;
    try {
      if (inflater) inflater.push(step, last);
      else take(step);
    } catch {
      throw refuse(FILE_MESSAGES.damaged);
    }
    if (unpacked > limit || budget.left < 0) throw refuse(FILE_MESSAGES.zipBomb);
    if (pieces.length > 0) {
      const text = pieces.map((piece) => decoder.decode(piece, { stream: true })).join('');
      pieces = [];
      yield text;
    }
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
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

/**
 * What of exceljs's streaming reader (`stream.xlsx.WorkbookReader`, exceljs 4.4) the import drives itself: the
 * readers of the shared texts, the styles (dates are numbers with a date format), the workbook's sheet list and
 * its relationships, and the worksheet reader, each given a part's text. The WorkbookReader's own `read()` unzips
 * the file in its stored order and spools every worksheet stored before the shared texts (Excel's order) to a
 * temporary file, left behind when the reading stops early; so the import unzips (partText) and orders the parts.
 */
interface ExcelStreamInternals {
  sharedStrings?: unknown[];
  properties?: { model?: unknown };
  model?: { sheets?: { rId: string; id: number }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/u;

/** The worksheets' parts in the workbook's order (from its relationships), else by their numbers. */
function sheetOrder(reader: ExcelStreamInternals, entries: Map<string, ZipEntry>): string[] {
  const all = [...entries.keys()]
    .filter((name) => SHEET_PATH.test(name))
    .sort((a, b) => Number(SHEET_PATH.exec(a)?.[1]) - Number(SHEET_PATH.exec(b)?.[1]));
  const ordered = (reader.model?.sheets ?? [])
    .map((sheet) => reader.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target)
    .filter((target): target is string => typeof target === 'string')
    .map((target) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`))
    .filter((name) => entries.has(name));
  return [...new Set([...ordered, ...all])];
}

/**
 * Reads an XLSX's first worksheet with data as a stream (issue 34): each part is unpacked as the reader asks for
 * it, its real bytes counted against {@link MAX_SHEET_BYTES} / {@link MAX_PART_BYTES} and
 * {@link MAX_UNPACKED_BYTES} together, and the worksheet's rows are checked one by one against the limits, so a
 * file past them is refused at the first row that passes one, the rest never unpacked.
 */
async function readXlsx(zip: Buffer): Promise<SheetData> {
  const entries = zipEntries(zip);
  const names = [...entries.keys()];
  if (names.some((name) => name.toLowerCase() === 'xl/vbaproject.bin'))
    throw refuse(FILE_MESSAGES.macros);
  if (!entries.has('xl/workbook.xml')) throw refuse(FILE_MESSAGES.notSpreadsheet);
  const budget = { left: MAX_UNPACKED_BYTES };
  const part = (name: string, limit = MAX_PART_BYTES) => {
    const entry = entries.get(name);
    return entry ? Readable.from(partText(zip, entry, limit, budget)) : undefined;
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as ExcelStreamInternals;
  const rethrow = (error: unknown): never => {
    throw error instanceof FileRefusal ? error : refuse(FILE_MESSAGES.damaged);
  };
  try {
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    await reader._parseWorkbook(part('xl/workbook.xml') as Readable);
    const styles = part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const shared = part('xl/sharedStrings.xml');
    // Cached by the reader as it goes (`sharedStrings: 'cache'`): nothing is yielded.
    if (shared) for await (const nothing of reader._parseSharedStrings(shared)) void nothing;
  } catch (error) {
    rethrow(error);
  }
  reader.sharedStrings ??= [];
  reader.properties ??= {};

  for (const name of sheetOrder(reader, entries)) {
    const entry = entries.get(name) as ZipEntry;
    const sheetNo = SHEET_PATH.exec(name)?.[1] ?? '0';
    const worksheet = reader
      ._parseWorksheet(partText(zip, entry, MAX_SHEET_BYTES, budget), sheetNo)
      .next().value?.value;
    if (!worksheet) continue;
    const collector = new SheetCollector();
    try {
      for await (const row of worksheet) {
        collector.line();
        const line = row.number;
        const cells: SheetCell[] = [];
        const uncomputed: number[] = [];
        const sums: number[] = [];
        row.eachCell({ includeEmpty: false }, (cell: ExcelJS.Cell, column: number) => {
          const value = cellOf(cell.value);
          collector.cell(line, column - 1, value);
          if (value === undefined) uncomputed.push(column - 1);
          const formula: unknown = cell.formula;
          if (typeof formula === 'string' && SUM_FORMULA.test(formula)) sums.push(column - 1);
          cells[column - 1] = value ?? null;
        });
        for (let index = 0; index < cells.length; index += 1) cells[index] ??= null;
        collector.add({
          line,
          cells,
          ...(uncomputed.length > 0 ? { uncomputed } : {}),
          ...(sums.length > 0 ? { sums } : {}),
        });
      }
    } catch (error) {
      rethrow(error);
    }
    if (collector.rows.length > 0) return { rows: collector.rows };
  }
  throw refuse(FILE_MESSAGES.empty);
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

/**
 * Reads a CSV record by record (issue 34): csv-parse hands each field to `cast` as it ends and each record to
 * `on_record`, where the limits are checked; the first limit passed throws, which stops csv-parse there, the rest
 * of the text never parsed.
 */
function readCsv(buffer: Buffer): SheetData {
  if (hasBinaryBytes(buffer)) throw refuse(FILE_MESSAGES.notSpreadsheet);
  const text = decodeCsv(buffer);
  const collector = new SheetCollector();
  try {
    parse(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      cast: (value, context) => {
        collector.cell(context.records + 1, context.index, value);
        return value;
      },
      on_record: (record: string[], context) => {
        collector.line();
        collector.add({
          line: context.records,
          cells: record.map((cell) => (cell === '' ? null : cell)),
        });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw refuse(FILE_MESSAGES.notSpreadsheet);
  }
  return { rows: collector.rows };
}

/**
 * Reads an uploaded file (issue 20): an XLSX workbook's first sheet with data, or a CSV in UTF-8 or Windows-1251
 * separated by `;` or `,`. The content decides, the name only names the refusal: an old .xls or a
 * password-protected workbook (an OLE container), a macro-enabled one, a ZIP whose parts unpack past their limits,
 * a binary file, a sheet with no rows, or a file past a limit of rows, columns or text (issue 34, read as a
 * stream and stopped there) is refused with a {@link FileRefusal}, a Ukrainian 422 under `file`. Runs in a worker
 * of the import pool (spreadsheet-pool.ts).
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
