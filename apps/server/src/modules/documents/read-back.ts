import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';

/*
 * How the documents' tests read a rendered document back (imported by *.test.ts only, so never bundled): a PDF as
 * pdftotext reads it, a workbook as a spreadsheet program opens it.
 */

/** The pages of a PDF as pdftotext reads them (poppler-utils; CI installs it), each ending at its form feed. */
export const pagesOf = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  })
    .split('\f')
    .slice(0, -1);

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
