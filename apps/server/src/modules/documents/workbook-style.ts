import ExcelJS from 'exceljs';
import type { Borders, Cell, Fill, Font, Row, Workbook, Worksheet } from 'exceljs';
import type { PrintedHeading } from './layouts/pdf-layout';

/*
 * Layout shared by the order's workbooks (render-workbook.ts «Калькуляції», render-comparison-workbook.ts
 * «Порівняння тарифів»): number formats, borders, fills, fonts, A4 page set-up, the heading rows, text lines and
 * signature rows. Amounts are numeric cells; Excel and LibreOffice show them with the reader's own separators
 * (uk-UA: `1 234,56`), because a number format's `,` and `.` mean "group" and "decimal", not those characters.
 * Nothing here decides what a workbook says.
 */

/** UAH: two decimals with grouped thousands. */
export const MONEY_FORMAT = '#,##0.00';
/** A material's price per unit: two decimals, up to four where it has them (issue 33: 2,375 грн/мл). */
export const PRICE_FORMAT = '#,##0.00##';
/** A percent stored as the number people type (15 for 15 %), not a fraction, so no `%` format. */
export const PERCENT_FORMAT = '0.00';
/** A percent shown with its sign, where the label has none (`20,00 %`). */
export const LABELLED_PERCENT_FORMAT = '0.00" %"';
/** Whole counts: minutes, units of material, working days. */
export const COUNT_FORMAT = '#,##0';
/** A material's quantity: Excel's General, so 20 reads «20» and a fraction «2,5» or «0,125», never rounded. */
export const QUANTITY_FORMAT = 'General';
/** Hours of a working day (7.7, 8). */
export const HOURS_FORMAT = '0.0#';

const THIN = { style: 'thin' as const, color: { argb: 'FF9CA3AF' } };
const BOX: Partial<Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
export const HEADER_FILL: Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFE5E7EB' },
};
export const GROUP_FILL: Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFF3F4F6' },
};
export const BOLD: Partial<Font> = { bold: true };
export const MARK_FONT: Partial<Font> = { bold: true, color: { argb: 'FFB91C1C' } };
export const TITLE_FONT: Partial<Font> = { bold: true, size: 13 };

/** A4 portrait, fitted to the page's width, any number of pages tall. */
export const PAGE_SETUP = {
  paperSize: 9,
  orientation: 'portrait' as const,
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
};

/** Points of one line of 11-point text. */
export const LINE_HEIGHT = 15;

/**
 * Gives a row the height its wrapped texts need. Excel does not grow a row for wrapped text in merged cells, and
 * not always for the rest when it opens a file, so the height is estimated from the text's length and the width
 * of its (merged) cell: a column width is about one digit, and Cyrillic letters run a little wider.
 */
export function fitHeight(row: Row) {
  const sheet = row.worksheet;
  let lines = 1;
  row.eachCell((cell, column) => {
    if (typeof cell.value !== 'string' || (cell.isMerged && cell.master !== cell)) return;
    let width = sheet.getColumn(column).width ?? 10;
    for (
      let next = column + 1;
      row.getCell(next).isMerged && row.getCell(next).master === cell;
      next += 1
    ) {
      width += sheet.getColumn(next).width ?? 10;
    }
    const perLine = Math.max(1, Math.floor((width - 1) / (cell.font?.bold ? 1.25 : 1.15)));
    const needed = cell.value
      .split('\n')
      .reduce((sum, part) => sum + Math.max(1, Math.ceil(part.length / perLine)), 0);
    lines = Math.max(lines, needed);
  });
  if (lines > 1) row.height = lines * LINE_HEIGHT;
}

/** Boxes and (optionally) formats the cells `columns` of a row. */
export function box(row: Row, columns: number, options: { fill?: Fill; bold?: boolean } = {}) {
  for (let column = 1; column <= columns; column += 1) {
    const cell = row.getCell(column);
    cell.border = BOX;
    if (options.fill) cell.fill = options.fill;
    if (options.bold) cell.font = BOLD;
    cell.alignment = { vertical: 'top', wrapText: true, ...cell.alignment };
  }
  fitHeight(row);
}

/** A numeric cell: the number, its format, right-aligned. */
export function numeric(cell: Cell, value: number | null, format: string) {
  cell.value = value;
  cell.numFmt = format;
  cell.alignment = { vertical: 'top', horizontal: 'right' };
}

/**
 * A live formula cell: the Excel formula (without «=») and the value it comes to, cached so a reader that does not
 * recalculate (a preview, exceljs) shows the stored amount; Excel recalculates it on every change of its inputs.
 */
export function formulaCell(cell: Cell, formula: string, result: number, format: string) {
  cell.value = { formula, result };
  cell.numFmt = format;
  cell.alignment = { vertical: 'top', horizontal: 'right' };
}

/** A text line across `columns` columns (merged, wrapped). */
export function textLine(
  sheet: Worksheet,
  text: string,
  columns: number,
  font?: Partial<Font>,
): Row {
  const row = sheet.addRow([text]);
  sheet.mergeCells(row.number, 1, row.number, columns);
  const cell = row.getCell(1);
  if (font) cell.font = font;
  cell.alignment = { vertical: 'top', wrapText: true };
  fitHeight(row);
  return row;
}

/**
 * The heading rows of a sheet: institution, ЄДРПОУ, the order and its date, its revision from the second on, the
 * mark while not approved.
 */
export function headingRows(sheet: Worksheet, heading: PrintedHeading, columns: number) {
  textLine(sheet, heading.institutionName, columns, BOLD);
  textLine(sheet, `Код за ЄДРПОУ: ${heading.institutionCode}`, columns);
  textLine(sheet, `Замовлення: ${heading.orderName} від ${heading.orderDate}`, columns);
  if (heading.revisionLabel) textLine(sheet, heading.revisionLabel, columns, BOLD);
  if (heading.notApprovedMark) textLine(sheet, heading.notApprovedMark, columns, MARK_FONT);
}

/** Signature lines: the position, a line to sign on, and the name (over two merged cells). */
export function signatureRows(
  sheet: Worksheet,
  signatures: ReadonlyArray<{ position: string; name: string }>,
  columns: { position: number; line: number; name: number },
) {
  sheet.addRow([]);
  for (const signature of signatures) {
    const row = sheet.addRow([]);
    row.getCell(columns.position).value = signature.position;
    row.getCell(columns.line).value = '________________';
    row.getCell(columns.name).value = signature.name;
    sheet.mergeCells(row.number, columns.name, row.number, columns.name + 1);
    row.height = 2 * LINE_HEIGHT;
    row.alignment = { vertical: 'bottom' };
  }
}

/** The document properties every workbook carries (File → Properties). */
export interface WorkbookProperties {
  creator: string;
  title: string;
  subject: string;
}

/**
 * A workbook with its properties, dated `now`, filled in by `addSheets`, as XLSX bytes (exceljs; Office Open XML,
 * not hand-written).
 */
export async function writeWorkbook(
  properties: WorkbookProperties,
  now: Date,
  addSheets: (workbook: Workbook) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = properties.creator;
  workbook.lastModifiedBy = properties.creator;
  workbook.title = properties.title;
  workbook.subject = properties.subject;
  workbook.created = now;
  workbook.modified = now;
  addSheets(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
