import type { Cell, Row, Workbook, Worksheet } from 'exceljs';
import { MINUS_SIGN } from '@medcalc/domain';
import type { ComparisonAmounts, ComparisonData, ComparisonTotal } from './build-comparison-data';
import {
  BOLD,
  GROUP_FILL,
  HEADER_FILL,
  MONEY_FORMAT,
  PAGE_SETUP,
  TITLE_FONT,
  box,
  headingRows,
  numeric,
  signatureRows,
  textLine,
  writeWorkbook,
} from './workbook-style';

/*
 * Layout of the workbook «Порівняння тарифів» (issue 18; the data is build-comparison-data.ts): one sheet with the
 * comparison table and the changes, amounts as numeric cells. Nothing here decides what the workbook says.
 */

/**
 * A change of the tariff, UAH, with its sign as the PDF and the screen write it (domain `formatSignedAmount`):
 * `+13,26`, `−2,00` (the minus sign, a literal of the format; the cell holds the number).
 */
export const SIGNED_MONEY_FORMAT = `+#,##0.00;"${MINUS_SIGN}"#,##0.00;0.00`;
/** A change in percent of the tariff before, stored as the number people write (4.74 for 4,74 %), signed. */
export const SIGNED_PERCENT_FORMAT = `+0.00" %";"${MINUS_SIGN}"0.00" %";0.00" %"`;

const COLUMNS = 9;

/** An amount, or the text ('—') where the line has none on that side. */
function amount(cell: Cell, value: number | null, text: string, format: string) {
  if (value === null) {
    cell.value = text;
    cell.alignment = { vertical: 'top', horizontal: 'center' };
  } else numeric(cell, value, format);
}

/** The six amounts of a line in columns 4–9. */
function amountCells(row: Row, amounts: ComparisonAmounts) {
  const { values } = amounts;
  amount(row.getCell(4), values.costBefore, amounts.costBefore, MONEY_FORMAT);
  amount(row.getCell(5), values.costAfter, amounts.costAfter, MONEY_FORMAT);
  amount(row.getCell(6), values.tariffBefore, amounts.tariffBefore, MONEY_FORMAT);
  amount(row.getCell(7), values.tariffAfter, amounts.tariffAfter, MONEY_FORMAT);
  amount(row.getCell(8), values.delta, amounts.delta, SIGNED_MONEY_FORMAT);
  amount(row.getCell(9), values.deltaPercent, amounts.deltaPercent, SIGNED_PERCENT_FORMAT);
}

/** A totals line: its label across №, code and service, its sums, in bold on a light fill. */
function totalRow(sheet: Worksheet, total: ComparisonTotal) {
  const row = sheet.addRow([total.label]);
  sheet.mergeCells(row.number, 1, row.number, 3);
  row.getCell(1).alignment = { vertical: 'top', horizontal: 'right' };
  amountCells(row, total);
  box(row, COLUMNS, { fill: GROUP_FILL, bold: true });
}

/** The two heading rows: cost, tariff and its change over two columns each, the revisions below. */
function headerRows(sheet: Worksheet, data: ComparisonData): Row {
  const { columns } = data;
  const top = sheet.addRow([
    columns.number,
    columns.code,
    columns.service,
    columns.cost,
    null,
    columns.tariff,
    null,
    columns.delta,
    null,
  ]);
  const bottom = sheet.addRow([
    null,
    null,
    null,
    columns.before,
    columns.after,
    columns.before,
    columns.after,
    columns.deltaAmount,
    columns.deltaPercent,
  ]);
  for (const column of [1, 2, 3]) sheet.mergeCells(top.number, column, bottom.number, column);
  for (const column of [4, 6, 8]) sheet.mergeCells(top.number, column, top.number, column + 1);
  for (const row of [top, bottom]) {
    box(row, COLUMNS, { fill: HEADER_FILL, bold: true });
    row.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
  }
  return bottom;
}

/** The sheet «Порівняння»: heading, title, note, the table by category with the totals, the changes, signatures. */
function comparisonSheet(workbook: Workbook, data: ComparisonData) {
  const sheet = workbook.addWorksheet(data.workbook.sheetName, {
    pageSetup: { ...PAGE_SETUP, orientation: 'landscape' },
  });
  sheet.columns = [
    { width: 6 },
    { width: 10 },
    { width: 48 },
    { width: 15 },
    { width: 15 },
    { width: 15 },
    { width: 15 },
    { width: 14 },
    { width: 12 },
  ];
  headingRows(sheet, data.heading, COLUMNS);
  sheet.addRow([]);
  textLine(sheet, data.title, COLUMNS, TITLE_FONT);
  textLine(sheet, data.note, COLUMNS);
  const header = headerRows(sheet, data);
  for (const category of data.categories) {
    const group = sheet.addRow([category.name]);
    sheet.mergeCells(group.number, 1, group.number, COLUMNS);
    box(group, COLUMNS, { fill: GROUP_FILL, bold: true });
    for (const service of category.rows) {
      const row = sheet.addRow([service.number, service.code, service.name]);
      amountCells(row, service);
      box(row, COLUMNS);
      row.getCell(7).font = BOLD;
    }
    if (category.subtotal) totalRow(sheet, category.subtotal);
  }
  totalRow(sheet, data.total);

  sheet.addRow([]);
  textLine(sheet, data.changesTitle, COLUMNS, BOLD);
  if (data.noChanges) textLine(sheet, data.noChanges, COLUMNS);
  for (const change of data.changes) textLine(sheet, `• ${change}`, COLUMNS);
  signatureRows(sheet, data.signatures, { position: 3, line: 4, name: 5 });
  // The column headings stay in view while scrolling, and repeat on every printed page.
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: header.number, activeCell: 'A1' }];
  sheet.pageSetup.printTitlesRow = `${header.number - 1}:${header.number}`;
}

/** «Порівняння тарифів» as XLSX bytes (exceljs). */
export async function renderComparisonWorkbook(
  data: ComparisonData,
  now: Date = new Date(),
): Promise<Buffer> {
  return writeWorkbook(data.workbook, now, (workbook) => comparisonSheet(workbook, data));
}
