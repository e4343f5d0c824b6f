import type { Row, Workbook, Worksheet } from 'exceljs';
import type { CostingRate, CostingRole, ServiceCostingData } from './build-service-costing-data';
import { CONTENTS_SHEET_NAME, type WorkbookData } from './build-workbook-data';
import {
  BOLD,
  COUNT_FORMAT,
  GROUP_FILL,
  HEADER_FILL,
  HOURS_FORMAT,
  LABELLED_PERCENT_FORMAT,
  MONEY_FORMAT,
  PRICE_FORMAT,
  PAGE_SETUP,
  PERCENT_FORMAT,
  QUANTITY_FORMAT,
  TITLE_FONT,
  box,
  formulaCell,
  headingRows,
  numeric,
  signatureRows,
  textLine,
  writeWorkbook,
} from './workbook-style';

export { MONEY_FORMAT, PERCENT_FORMAT } from './workbook-style';

/*
 * Layout of the workbook «Калькуляції» (issue 10 item 8; the data is build-workbook-data.ts): where each value
 * goes and its width and number format (the shared look is workbook-layout.ts). Nothing here decides what the
 * workbook says.
 */

/** The coefficient of a калькуляція row as a number whose format carries its name: `K = 33,6897 %`. */
export function rateFormat(rate: CostingRate): string {
  const decimals = rate.digits > 0 ? `.${'0'.repeat(rate.digits)}` : '';
  return `"${rate.prefix.replace(/"/g, '')}"0${decimals}" %"`;
}

/**
 * «Прейскурант»: №, код, послуга, собівартість, рентабельність %, тариф без ПДВ and, for an order with VAT or
 * rounding, the price columns (on a landscape page), by category.
 */
function priceListSheet(workbook: Workbook, data: WorkbookData) {
  const { priceList } = data;
  const priced = priceList.priceColumns.length > 0;
  const sheet = workbook.addWorksheet(priceList.name, {
    pageSetup: priced ? { ...PAGE_SETUP, orientation: 'landscape' } : PAGE_SETUP,
  });
  const columns = 6 + priceList.priceColumns.length;
  sheet.columns = [
    { width: 6 },
    { width: 10 },
    { width: 58 },
    { width: 16 },
    { width: 17 },
    { width: 17 },
    ...priceList.priceColumns.map(() => ({ width: 16 })),
  ];
  headingRows(sheet, data.heading, columns);
  sheet.addRow([]);
  textLine(sheet, priceList.title, columns, TITLE_FONT);
  textLine(sheet, priceList.note, columns);
  const header = sheet.addRow([
    '№',
    'Код',
    'Послуга',
    'Собівартість, грн',
    'Рентабельність, %',
    'Тариф без ПДВ, грн',
    ...priceList.priceColumns.map((column) => column.title),
  ]);
  box(header, columns, { fill: HEADER_FILL, bold: true });
  header.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
  for (const category of priceList.categories) {
    const group = sheet.addRow([category.name]);
    sheet.mergeCells(group.number, 1, group.number, columns);
    box(group, columns, { fill: GROUP_FILL, bold: true });
    for (const service of category.rows) {
      const row = sheet.addRow([service.number, service.code, service.name]);
      numeric(row.getCell(4), service.values.cost, MONEY_FORMAT);
      numeric(row.getCell(5), service.values.profitability, PERCENT_FORMAT);
      numeric(row.getCell(6), service.values.tariff, MONEY_FORMAT);
      const { price } = service;
      priceList.priceColumns.forEach((column, index) => {
        const cell = row.getCell(7 + index);
        if (!price) return;
        const value = price.values[column.key];
        if (value === null) {
          // An exempt service in a list with VAT: «без ПДВ», not a zero that reads as «ПДВ 0,00».
          cell.value = price[column.key];
          cell.alignment = { vertical: 'top', horizontal: 'center' };
        } else numeric(cell, value, MONEY_FORMAT);
      });
      box(row, columns);
      if (priced) row.getCell(columns).font = BOLD;
    }
  }
  signatureRows(sheet, priceList.signatures, { position: 3, line: 4, name: 5 });
  // The column headings stay in view while scrolling, and repeat on every printed page.
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: header.number, activeCell: 'A1' }];
  sheet.pageSetup.printTitlesRow = `${header.number}:${header.number}`;
}

const COSTING_COLUMNS = 7;
/**
 * The equipment section's columns (issue 38): №, name, V, S, N, T, the cost of a minute, the minutes and the line,
 * two wider than the others, its sums in column I.
 */
const EQUIPMENT_COLUMNS = 9;
/** An Excel column's letter, A to Z. */
const columnLetter = (column: number) => String.fromCharCode(64 + column);

/**
 * The staff, materials or equipment section of a калькуляція: its title line, the column headings, a boxed row
 * per line (`writeLine` adds it to the sheet and fills its numbers), and the total in bold, `Разом` as the Excel
 * sum of the lines' last column (G; I for the equipment) with the stored total as its cached value. Answers the
 * total's cell.
 */
function linesSection<Line>(
  sheet: Worksheet,
  title: string,
  headings: ReadonlyArray<string | null>,
  lines: readonly Line[],
  writeLine: (line: Line) => Row,
  [totalLabel, totalAmount]: readonly [string, number | null],
  columns = COSTING_COLUMNS,
): string {
  const sum = columnLetter(columns);
  textLine(sheet, title, columns, BOLD);
  box(sheet.addRow([...headings]), columns, { fill: HEADER_FILL, bold: true });
  const written = lines.map((line) => {
    const row = writeLine(line);
    box(row, columns);
    return row.number;
  });
  const total = sheet.addRow([null, totalLabel]);
  const [first] = written;
  const last = written.at(-1);
  if (first === undefined || last === undefined)
    numeric(total.getCell(columns), totalAmount, MONEY_FORMAT);
  else
    formulaCell(
      total.getCell(columns),
      `SUM(${sum}${first}:${sum}${last})`,
      totalAmount ?? 0,
      MONEY_FORMAT,
    );
  box(total, columns, { bold: true });
  return `${sum}${total.number}`;
}

/** The cost of a minute, kept exact: as many decimals as a cell shows without turning into a long tail. */
const MINUTE_RATE_FORMAT = '0.0000###';

/**
 * The equipment section of a калькуляція (issue 38; docs/methodology.md "Equipment depreciation"): each line's V,
 * S, N, T and minutes as numbers, the cost of a minute `(V − S) / N / (T × 60)` as a live formula (exact, not
 * rounded) and the line as `ROUND((V − S) / N / (T × 60) × u, 2)`, the exact product rounded as the engine rounds
 * it; `Разом (D)` their sum. Answers D's cell.
 */
function equipmentSection(
  sheet: Worksheet,
  equipment: NonNullable<ServiceCostingData['equipment']>,
): string {
  return linesSection(
    sheet,
    `Обладнання. ${equipment.formula}`,
    [
      '№',
      'Обладнання',
      'Первісна вартість V, грн',
      'Ліквідаційна вартість S, грн',
      'Строк N, років',
      'Годин T на рік',
      'Вартість 1 хв, грн',
      'Час, хв',
      'Сума, грн',
    ],
    equipment.lines,
    (line) => {
      const row = sheet.addRow([line.number, line.name]);
      const r = row.number;
      numeric(row.getCell(3), line.values.firstCost, MONEY_FORMAT);
      numeric(row.getCell(4), line.values.residualValue, MONEY_FORMAT);
      numeric(row.getCell(5), line.values.usefulLifeYears, COUNT_FORMAT);
      numeric(row.getCell(6), line.values.hoursPerYear, HOURS_FORMAT);
      const usable = `AND(E${r}>0,F${r}>0)`;
      formulaCell(
        row.getCell(7),
        `IF(${usable},(C${r}-D${r})/E${r}/(F${r}*60),0)`,
        line.values.minuteRate,
        MINUTE_RATE_FORMAT,
      );
      numeric(row.getCell(8), line.values.minutes, COUNT_FORMAT);
      formulaCell(
        row.getCell(9),
        `IF(${usable},ROUND((C${r}-D${r})/E${r}/(F${r}*60)*H${r},2),0)`,
        line.values.sum,
        MONEY_FORMAT,
      );
      return row;
    },
    ['Разом (D)', equipment.totalAmount],
    EQUIPMENT_COLUMNS,
  );
}

/**
 * The Excel formula of each article of the калькуляція (docs/methodology.md "Formulas"), over the cells it comes
 * from: `at(role)` is the amount cell of another article, `rate` the row's own coefficient cell (a percent),
 * `labour` and `materials` the sections' totals. Every money row is rounded to the kopeck as the engine rounds it.
 */
function articleFormula(
  role: CostingRole,
  cells: {
    at: (role: CostingRole) => string;
    rate: string;
    labour: string;
    materials: string;
    /** D's total cell; empty when the service has no equipment. */
    depreciation: string;
    overheadOnPayroll: boolean;
    roundingStep: number | null;
  },
): string {
  const { at, rate } = cells;
  const roundedBase = () => (at('withVat') ? at('withVat') : at('tariff'));
  switch (role) {
    case 'labour':
      return cells.labour;
    case 'additional':
      return `ROUND(${at('labour')}*${rate}/100,2)`;
    case 'esv':
      return `ROUND((${at('labour')}+${at('additional')})*${rate}/100,2)`;
    case 'materials':
      return cells.materials;
    case 'depreciation':
      return cells.depreciation;
    case 'overhead':
      return cells.overheadOnPayroll
        ? `ROUND((${at('labour')}+${at('additional')}+${at('esv')})*${rate}/100,2)`
        : `ROUND(${at('labour')}*${rate}/100,2)`;
    case 'cost':
      return (['labour', 'additional', 'esv', 'materials', 'depreciation', 'overhead'] as const)
        .map(at)
        .filter((cell) => cell !== '')
        .join('+');
    case 'profit':
      return `ROUND(${at('cost')}*${rate}/100,2)`;
    case 'tariff':
      return `${at('cost')}+${at('profit')}`;
    case 'vat':
      return `ROUND(${at('tariff')}*${rate}/100,2)`;
    case 'withVat':
      return `${at('tariff')}+${at('vat')}`;
    case 'rounding':
      return `${at('final')}-${roundedBase()}`;
    case 'final':
      return `ROUND(${roundedBase()}/${cells.roundingStep ?? 0.01},0)*${cells.roundingStep ?? 0.01}`;
  }
}

/**
 * One калькуляція: heading, parameters, staff lines, materials, then the articles (and the VAT status). The line
 * costs, the two totals and every article are live Excel formulas over the cells they come from, each with the
 * stored amount as its cached value: an auditor who changes a salary sees the tariff follow (issue 23).
 */
function costingBlock(sheet: Worksheet, costing: ServiceCostingData) {
  textLine(sheet, `${costing.code} · ${costing.serviceName}`, COSTING_COLUMNS, TITLE_FONT);
  // Премія b, рентабельність R, D: the cells the line formulas read.
  const parameterCells = costing.parameters.map((parameter, index) => {
    const row = sheet.addRow([null, parameter.label]);
    // Премія and рентабельність are percents; D, the last, is a count of days.
    const last = index === costing.parameters.length - 1;
    numeric(row.getCell(3), parameter.amount, last ? COUNT_FORMAT : LABELLED_PERCENT_FORMAT);
    return `$C$${row.number}`;
  });
  const [bonusCell, , daysCell] = parameterCells;

  const staffTotal = linesSection(
    sheet,
    `Персонал. ${costing.staff.formula}`,
    [
      '№',
      'Посада',
      'Оклад, грн/міс.',
      'Умови праці, %',
      'Робочий день, год',
      'Час, хв',
      'Сума, грн',
    ],
    costing.staff.lines,
    (line) => {
      const row = sheet.addRow([line.number, line.position]);
      const r = row.number;
      numeric(row.getCell(3), line.values.salary, MONEY_FORMAT);
      numeric(row.getCell(4), line.values.conditionPercent, PERCENT_FORMAT);
      numeric(row.getCell(5), line.values.workingDay, HOURS_FORMAT);
      numeric(row.getCell(6), line.values.minutes, COUNT_FORMAT);
      formulaCell(
        row.getCell(7),
        `IF(C${r}>0,ROUND(C${r}*(1+D${r}/100)*(1+${bonusCell}/100)/${daysCell}/(E${r}*60)*F${r},2),0)`,
        line.values.sum,
        MONEY_FORMAT,
      );
      return row;
    },
    ['Разом (L)', costing.staff.totalAmount],
  );
  const materialsTotal = linesSection(
    sheet,
    `Матеріали. ${costing.materials.formula}`,
    ['№', 'Матеріал', 'Од. виміру', 'Ціна, грн', 'Кількість', null, 'Сума, грн'],
    costing.materials.lines,
    (line) => {
      const row = sheet.addRow([line.number, line.name, line.unit]);
      numeric(row.getCell(4), line.values.price, PRICE_FORMAT);
      numeric(row.getCell(5), line.values.quantity, QUANTITY_FORMAT);
      formulaCell(
        row.getCell(7),
        `ROUND(D${row.number}*E${row.number},2)`,
        line.values.sum,
        MONEY_FORMAT,
      );
      return row;
    },
    ['Разом (M)', costing.materials.totalAmount],
  );
  const depreciationTotal = costing.equipment ? equipmentSection(sheet, costing.equipment) : '';

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
  // The rows follow the header one by one: each article's amount cell is known before any formula is written.
  const amountCellOf = new Map(
    costing.rows.map((article, index) => [article.role, `G${rowsHeader.number + 1 + index}`]),
  );
  const at = (role: CostingRole) => amountCellOf.get(role) ?? '';
  for (const article of costing.rows) {
    const row = sheet.addRow([article.number, article.label, article.formula]);
    sheet.mergeCells(row.number, 3, row.number, 5);
    if (article.rate) numeric(row.getCell(6), article.rate.percent, rateFormat(article.rate));
    const formula = articleFormula(article.role, {
      at,
      rate: `F${row.number}`,
      labour: staffTotal,
      materials: materialsTotal,
      depreciation: depreciationTotal,
      ...costing.formulaBasis,
    });
    formulaCell(row.getCell(7), formula, article.amount, MONEY_FORMAT);
    box(row, COSTING_COLUMNS, article.total ? { bold: true } : {});
  }
  if (costing.vatStatus) textLine(sheet, costing.vatStatus, COSTING_COLUMNS);
  sheet.addRow([]);
  sheet.addRow([]);
}

/** A category's sheet: the heading, then the калькуляція of each of its services one under another. */
function categorySheet(workbook: Workbook, data: WorkbookData, index: number) {
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
    // The equipment section's minutes and sum (issue 38).
    { width: 10 },
    { width: 14 },
  ];
  headingRows(sheet, data.heading, COSTING_COLUMNS);
  textLine(sheet, `Категорія: ${category.category}`, COSTING_COLUMNS, BOLD);
  sheet.addRow([]);
  for (const costing of category.costings) costingBlock(sheet, costing);
}

/**
 * «Зміст», the first sheet (issue 23): every sheet of the workbook, its name a link to it, beside the full name of
 * what it holds, so a category whose name was shortened to Excel's 31 characters is still named in full.
 */
function contentsSheet(workbook: Workbook, data: WorkbookData) {
  const sheet = workbook.addWorksheet(CONTENTS_SHEET_NAME, { pageSetup: PAGE_SETUP });
  sheet.columns = [{ width: 6 }, { width: 34 }, { width: 70 }];
  headingRows(sheet, data.heading, 3);
  sheet.addRow([]);
  textLine(sheet, CONTENTS_SHEET_NAME, 3, TITLE_FONT);
  const header = sheet.addRow(['№', 'Аркуш', 'Що на аркуші']);
  box(header, 3, { fill: HEADER_FILL, bold: true });
  const entries = [
    { name: data.priceList.name, holds: data.priceList.title },
    ...data.categorySheets.map((category) => ({
      name: category.name,
      holds: `Калькуляції категорії «${category.category}» (послуг: ${category.costings.length})`,
    })),
  ];
  entries.forEach((entry, index) => {
    const row = sheet.addRow([index + 1, null, entry.holds]);
    row.getCell(2).value = {
      text: entry.name,
      hyperlink: `#'${entry.name.replace(/'/g, "''")}'!A1`,
    };
    box(row, 3);
  });
}

/** The workbook as XLSX bytes: «Зміст», «Прейскурант», then a sheet per category. */
export async function renderWorkbook(data: WorkbookData, now: Date = new Date()): Promise<Buffer> {
  return writeWorkbook(data.properties, now, (workbook) => {
    contentsSheet(workbook, data);
    priceListSheet(workbook, data);
    data.categorySheets.forEach((_, index) => categorySheet(workbook, data, index));
  });
}
