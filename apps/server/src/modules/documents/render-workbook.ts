import ExcelJS from 'exceljs';
import type { Borders, Cell, Fill, Font, Row, Worksheet } from 'exceljs';
import type { CostingRate, ServiceCostingData } from './build-service-costing-data';
import type { WorkbookData } from './build-workbook-data';
import type { DocumentHeading } from './document-source';

/*
 * Layout of the workbook «Калькуляції» (issue 10 item 8; the data is build-workbook-data.ts): where each value
 * goes, widths, fonts, borders and number formats. Amounts are numeric cells; Excel and LibreOffice show them with
 * the reader's own separators (uk-UA: `1 234,56`), because a number format's `,` and `.` mean "group" and
 * "decimal", not those characters. Nothing here decides what the workbook says.
 */

/** UAH: two decimals with grouped thousands. */
export const MONEY_FORMAT = '#,##0.00';
/** A percent stored as the number people type (15 for 15 %), not a fraction, so no `%` format. */
export const PERCENT_FORMAT = '0.00';
/** A percent shown with its sign, where the label has none (`20,00 %`). */
const LABELLED_PERCENT_FORMAT = '0.00" %"';
/** Whole counts: minutes, units of material, working days. */
const COUNT_FORMAT = '#,##0';
/** Hours of a working day (7.7, 8). */
const HOURS_FORMAT = '0.0#';

/** The coefficient of a калькуляція row as a number whose format carries its name: `K = 33,6897 %`. */
export function rateFormat(rate: CostingRate): string {
  const decimals = rate.digits > 0 ? `.${'0'.repeat(rate.digits)}` : '';
  return `"${rate.prefix.replace(/"/g, '')}"0${decimals}" %"`;
}

const THIN = { style: 'thin' as const, color: { argb: 'FF9CA3AF' } };
const BOX: Partial<Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const HEADER_FILL: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
const GROUP_FILL: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F4F6' } };
const BOLD: Partial<Font> = { bold: true };
const MARK_FONT: Partial<Font> = { bold: true, color: { argb: 'FFB91C1C' } };
const TITLE_FONT: Partial<Font> = { bold: true, size: 13 };

/** A4, fitted to the page's width, any number of pages tall. */
const PAGE_SETUP = {
  paperSize: 9,
  orientation: 'portrait' as const,
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
};

/** Points of one line of 11-point text. */
const LINE_HEIGHT = 15;

/**
 * Gives a row the height its wrapped texts need. Excel does not grow a row for wrapped text in merged cells, and
 * not always for the rest when it opens a file, so the height is estimated from the text's length and the width
 * of its (merged) cell: a column width is about one digit, and Cyrillic letters run a little wider.
 */
function fitHeight(row: Row) {
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
function box(row: Row, columns: number, options: { fill?: Fill; bold?: boolean } = {}) {
  for (let column = 1; column <= columns; column += 1) {
    const cell = row.getCell(column);
    cell.border = BOX;
    if (options.fill) cell.fill = options.fill;
    if (options.bold) cell.font = BOLD;
    cell.alignment = { vertical: 'top', wrapText: true, ...cell.alignment };
  }
  fitHeight(row);
}

function numeric(cell: Cell, value: number | null, format: string) {
  cell.value = value;
  cell.numFmt = format;
  cell.alignment = { vertical: 'top', horizontal: 'right' };
}

/** A text line across `columns` columns (merged, wrapped). */
function textLine(sheet: Worksheet, text: string, columns: number, font?: Partial<Font>): Row {
  const row = sheet.addRow([text]);
  sheet.mergeCells(row.number, 1, row.number, columns);
  const cell = row.getCell(1);
  if (font) cell.font = font;
  cell.alignment = { vertical: 'top', wrapText: true };
  fitHeight(row);
  return row;
}

/** The heading rows of a sheet: institution, ЄДРПОУ, the order and its date, the mark while not approved. */
function headingRows(sheet: Worksheet, heading: DocumentHeading, columns: number) {
  textLine(sheet, heading.institutionName, columns, BOLD);
  textLine(sheet, `Код за ЄДРПОУ: ${heading.institutionCode}`, columns);
  textLine(sheet, `Замовлення: ${heading.orderName} від ${heading.orderDate}`, columns);
  if (heading.notApprovedMark) textLine(sheet, heading.notApprovedMark, columns, MARK_FONT);
}

function signatureRows(
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

const PRICE_LIST_COLUMNS = 6;

/** «Прейскурант»: №, код, послуга, собівартість, рентабельність %, тариф без ПДВ, by category. */
function priceListSheet(workbook: ExcelJS.Workbook, data: WorkbookData) {
  const { priceList } = data;
  const sheet = workbook.addWorksheet(priceList.name, { pageSetup: PAGE_SETUP });
  sheet.columns = [
    { width: 6 },
    { width: 10 },
    { width: 58 },
    { width: 16 },
    { width: 17 },
    { width: 17 },
  ];
  headingRows(sheet, data.heading, PRICE_LIST_COLUMNS);
  sheet.addRow([]);
  textLine(sheet, priceList.title, PRICE_LIST_COLUMNS, TITLE_FONT);
  textLine(sheet, priceList.note, PRICE_LIST_COLUMNS);
  const header = sheet.addRow([
    '№',
    'Код',
    'Послуга',
    'Собівартість, грн',
    'Рентабельність, %',
    'Тариф без ПДВ, грн',
  ]);
  box(header, PRICE_LIST_COLUMNS, { fill: HEADER_FILL, bold: true });
  header.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
  for (const category of priceList.categories) {
    const group = sheet.addRow([category.name]);
    sheet.mergeCells(group.number, 1, group.number, PRICE_LIST_COLUMNS);
    box(group, PRICE_LIST_COLUMNS, { fill: GROUP_FILL, bold: true });
    for (const service of category.rows) {
      const row = sheet.addRow([service.number, service.code, service.name]);
      numeric(row.getCell(4), service.values.cost, MONEY_FORMAT);
      numeric(row.getCell(5), service.values.profitability, PERCENT_FORMAT);
      numeric(row.getCell(6), service.values.tariff, MONEY_FORMAT);
      box(row, PRICE_LIST_COLUMNS);
    }
  }
  signatureRows(sheet, priceList.signatures, { position: 3, line: 4, name: 5 });
  // The column headings stay in view while scrolling, and repeat on every printed page.
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: header.number, activeCell: 'A1' }];
  sheet.pageSetup.printTitlesRow = `${header.number}:${header.number}`;
}

const COSTING_COLUMNS = 7;

/** One калькуляція: heading, parameters, staff lines, materials, then the eight articles. */
function costingBlock(sheet: Worksheet, costing: ServiceCostingData) {
  textLine(sheet, `${costing.code} · ${costing.serviceName}`, COSTING_COLUMNS, TITLE_FONT);
  costing.parameters.forEach((parameter, index) => {
    const row = sheet.addRow([null, parameter.label]);
    // Премія and рентабельність are percents; D, the last, is a count of days.
    const last = index === costing.parameters.length - 1;
    numeric(row.getCell(3), parameter.amount, last ? COUNT_FORMAT : LABELLED_PERCENT_FORMAT);
  });

  textLine(sheet, `Персонал. ${costing.staff.formula}`, COSTING_COLUMNS, BOLD);
  const staffHeader = sheet.addRow([
    '№',
    'Посада',
    'Оклад, грн/міс.',
    'Умови праці, %',
    'Робочий день, год',
    'Час, хв',
    'Сума, грн',
  ]);
  box(staffHeader, COSTING_COLUMNS, { fill: HEADER_FILL, bold: true });
  for (const line of costing.staff.lines) {
    const row = sheet.addRow([line.number, line.position]);
    numeric(row.getCell(3), line.values.salary, MONEY_FORMAT);
    numeric(row.getCell(4), line.values.conditionPercent, PERCENT_FORMAT);
    numeric(row.getCell(5), line.values.workingDay, HOURS_FORMAT);
    numeric(row.getCell(6), line.values.minutes, COUNT_FORMAT);
    numeric(row.getCell(7), line.values.sum, MONEY_FORMAT);
    box(row, COSTING_COLUMNS);
  }
  const staffTotal = sheet.addRow([null, 'Разом (L)']);
  numeric(staffTotal.getCell(7), costing.staff.totalAmount, MONEY_FORMAT);
  box(staffTotal, COSTING_COLUMNS, { bold: true });

  textLine(sheet, `Матеріали. ${costing.materials.formula}`, COSTING_COLUMNS, BOLD);
  const materialsHeader = sheet.addRow([
    '№',
    'Матеріал',
    'Од. виміру',
    'Ціна, грн',
    'Кількість',
    null,
    'Сума, грн',
  ]);
  box(materialsHeader, COSTING_COLUMNS, { fill: HEADER_FILL, bold: true });
  for (const line of costing.materials.lines) {
    const row = sheet.addRow([line.number, line.name, line.unit]);
    numeric(row.getCell(4), line.values.price, MONEY_FORMAT);
    numeric(row.getCell(5), line.values.quantity, COUNT_FORMAT);
    numeric(row.getCell(7), line.values.sum, MONEY_FORMAT);
    box(row, COSTING_COLUMNS);
  }
  const materialsTotal = sheet.addRow([null, 'Разом (M)']);
  numeric(materialsTotal.getCell(7), costing.materials.totalAmount, MONEY_FORMAT);
  box(materialsTotal, COSTING_COLUMNS, { bold: true });

  textLine(sheet, costing.title, COSTING_COLUMNS, BOLD);
  const rowsHeader = sheet.addRow([
    '№',
    'Стаття',
    'Формула',
    null,
    null,
    'Коефіцієнт',
    'Сума, грн',
  ]);
  sheet.mergeCells(rowsHeader.number, 3, rowsHeader.number, 5);
  box(rowsHeader, COSTING_COLUMNS, { fill: HEADER_FILL, bold: true });
  for (const article of costing.rows) {
    const row = sheet.addRow([article.number, article.label, article.formula]);
    sheet.mergeCells(row.number, 3, row.number, 5);
    if (article.rate) numeric(row.getCell(6), article.rate.percent, rateFormat(article.rate));
    numeric(row.getCell(7), article.amount, MONEY_FORMAT);
    box(row, COSTING_COLUMNS, article.total ? { bold: true } : {});
  }
  sheet.addRow([]);
  sheet.addRow([]);
}

/** A category's sheet: the heading, then the калькуляція of each of its services one under another. */
function categorySheet(workbook: ExcelJS.Workbook, data: WorkbookData, index: number) {
  const category = data.categorySheets[index];
  if (!category) return;
  const sheet = workbook.addWorksheet(category.name, { pageSetup: PAGE_SETUP });
  sheet.columns = [
    { width: 6 },
    { width: 44 },
    { width: 15 },
    { width: 14 },
    { width: 14 },
    { width: 18 },
    { width: 14 },
  ];
  headingRows(sheet, data.heading, COSTING_COLUMNS);
  textLine(sheet, `Категорія: ${category.category}`, COSTING_COLUMNS, BOLD);
  sheet.addRow([]);
  for (const costing of category.costings) costingBlock(sheet, costing);
}

/** The workbook as XLSX bytes (exceljs; Office Open XML, not hand-written). */
export async function renderWorkbook(data: WorkbookData, now: Date = new Date()): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = data.properties.creator;
  workbook.lastModifiedBy = data.properties.creator;
  workbook.title = data.properties.title;
  workbook.subject = data.properties.subject;
  workbook.created = now;
  workbook.modified = now;
  priceListSheet(workbook, data);
  data.categorySheets.forEach((_, index) => categorySheet(workbook, data, index));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
