import { execFileSync } from 'node:child_process';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/*
 * How the documents' tests read a rendered document back (imported by *.test.ts only, so never bundled): a PDF as
 * pdftotext reads it, a workbook as a spreadsheet program opens it.
 */

/**
 * How pdftotext lays out the text it reads: `layout` keeps a table row on one line; `reading` reads a wrapped heading
 * or label in order; `raw` keeps the order of the page's content stream.
 */
export type PdfTextMode = 'layout' | 'reading' | 'raw';

const PDF_TEXT_FLAGS: Record<PdfTextMode, string[]> = {
  layout: ['-layout'],
  reading: [],
  raw: ['-raw'],
};

/** The text of a PDF as pdftotext reads it (poppler-utils; CI installs it): each page ends at a form feed. */
export const pdfText = (pdf: Buffer, mode: PdfTextMode = 'layout') =>
  execFileSync('pdftotext', [...PDF_TEXT_FLAGS[mode], '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });

/** The pages of a PDF as {@link pdfText} reads them. */
export const pagesOf = (pdf: Buffer, mode: PdfTextMode = 'layout') =>
  pdfText(pdf, mode).split('\f').slice(0, -1);

/** Collapses runs of spaces, so a table row reads as its cells in order. */
export const squeeze = (text: string) => text.replace(/[ \u00a0]+/g, ' ');

/** The rendered workbook read back with exceljs, as a spreadsheet program would open it. */
export async function readBack(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

/** The first row of `sheet` whose cell in `column` holds exactly `text`. */
export function rowWith(sheet: ExcelJS.Worksheet, column: number, text: string): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (!found && row.getCell(column).value === text) found = row;
  });
  if (!found) throw new Error(`no row with «${text}» in column ${column} of ${sheet.name}`);
  return found;
}

/**
 * The number a cell shows: its value, or for a live formula the value cached with it (what Excel shows before it
 * recalculates).
 */
export function amountOf(cell: ExcelJS.Cell): unknown {
  const { value } = cell;
  return value !== null && typeof value === 'object' && 'formula' in value ? value.result : value;
}

/** Every text of a sheet, for checking what it says. */
export function textsOf(sheet: ExcelJS.Worksheet): string[] {
  const texts: string[] = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (typeof cell.value === 'string') texts.push(cell.value);
    }),
  );
  return texts;
}

/**
 * The files inside a ZIP archive (an XLSX), by name, uncompressed, read from its central directory. Two workbooks
 * with the same files are the same workbook: what differs between two writes of one workbook is only the archive's
 * own time stamps (the ZIP writer dates each entry when it zips it).
 */
export function zipEntriesOf(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad ZIP central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return entries;
}
