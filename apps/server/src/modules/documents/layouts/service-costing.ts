import type { Content, TableCell } from 'pdfmake/interfaces';
import type {
  CostingEquipmentLine,
  CostingMaterialLine,
  CostingStaffLine,
  ServiceCostingData,
} from '../build-service-costing-data';
import {
  MARK_COLOR,
  MUTED_TEXT,
  amountCell,
  centredCell,
  dataTable,
  documentDefinition,
  headerCells,
  signatureBlock,
  spanningRow,
  tableWidths,
  totalRow,
  approvalSignature,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

/**
 * A lines table of the калькуляція (staff, materials, equipment) as the PDF and the approval package's Word file
 * (render-approval-docx.ts) both print it: the headings; the widths, points (the Word file scales them to its page;
 * read only: pdfmake rewrites a table's `widths` in place, so a table is given a copy); which columns are amounts,
 * right-aligned; and a line's texts in column order, the running number first and the name second.
 */
export interface CostingLinesTable<Line> {
  columns: readonly string[];
  widths: readonly number[];
  amountColumns: readonly number[];
  texts: (line: Line) => string[];
}

export const STAFF_TABLE: CostingLinesTable<CostingStaffLine> = {
  columns: ['№', 'Посада', 'Оклад, грн', 'Умови, %', 'День, год', 'Час, хв', 'Сума, грн'],
  widths: tableWidths([14, '*', 50, 42, 44, 32, 50]),
  amountColumns: [2, 3, 4, 5, 6],
  texts: (line) => [
    String(line.number),
    line.position,
    line.salary,
    line.conditionPercent,
    line.workingDay,
    line.minutes,
    line.sum,
  ],
};
export const MATERIAL_TABLE: CostingLinesTable<CostingMaterialLine> = {
  columns: ['№', 'Матеріал', 'Од. виміру', 'Ціна, грн', 'Кількість', 'Сума, грн'],
  widths: tableWidths([14, '*', 48, 48, 44, 52]),
  amountColumns: [3, 4, 5],
  texts: (line) => [String(line.number), line.name, line.unit, line.price, line.quantity, line.sum],
};
/** The equipment table (issue 38): the register's V, S, N, T, the cost of a minute, the minutes and the line. */
export const EQUIPMENT_TABLE: CostingLinesTable<CostingEquipmentLine> = {
  columns: [
    '№',
    'Обладнання',
    'Вартість V, грн',
    'Ліквід. S, грн',
    'Строк N, р.',
    'Годин T на рік',
    'Грн за хв',
    'Час, хв',
    'Сума, грн',
  ],
  widths: tableWidths([14, '*', 54, 44, 32, 40, 36, 28, 44]),
  amountColumns: [2, 3, 4, 5, 6, 7, 8],
  texts: (line) => [
    String(line.number),
    line.name,
    line.firstCost,
    line.residualValue,
    line.usefulLifeYears,
    line.hoursPerYear,
    line.minuteRate,
    line.minutes,
    line.sum,
  ],
};
/** The articles' table; its widths are read only too. */
export const ROW_COLUMNS = ['№', 'Стаття витрат', 'Формула', 'Коефіцієнт', 'Сума, грн'];
export const ROW_WIDTHS: readonly number[] = tableWidths([12, 150, '*', 110, 50]);
/**
 * The калькуляція is compact (issue 33): its tables in 7 pt with little padding, the formulas in 6.5 pt, so a
 * service of up to about 25 staff and material lines fits one A4 page with «ЗАТВЕРДЖУЮ», the tariff and the
 * signatures.
 */
const COSTING_FONT_SIZE = 7;
const FORMULA_FONT_SIZE = 6.5;
/** The formulas of the articles, so the longest (overheads) takes two lines of its column. */
const ROW_FORMULA_FONT_SIZE = 6;
/** Width of the «ЗАТВЕРДЖУЮ» block: the head's full name takes all of it but the signature. */
const APPROVAL_WIDTH = 250;

/** The «ЗАТВЕРДЖУЮ» block top right, as on the title page, in smaller type. */
function approvalBlock(data: ServiceCostingData): Content {
  return {
    columns: [
      // The «НЕ ПОГОДЖЕНО» mark beside the approval block while the order is not approved.
      data.notApprovedMark
        ? {
            width: '*',
            text: data.notApprovedMark,
            color: MARK_COLOR,
            bold: true,
            fontSize: 12,
            margin: [0, 20, 0, 0],
          }
        : { width: '*', text: '' },
      {
        width: APPROVAL_WIDTH,
        fontSize: 8.5,
        stack: [
          { text: data.approval.caption, bold: true, fontSize: 10, margin: [0, 0, 0, 2] },
          { text: data.approval.position },
          { text: data.approval.institutionName, fontSize: 7.5, margin: [0, 0, 0, 2] },
          approvalSignature(data.approval.name, APPROVAL_WIDTH),
          { text: data.approval.dateLine, margin: [0, 2, 0, 0] },
        ],
      },
    ],
  } as Content;
}

/** A section's name with its formula beside it, on one line. */
const sectionHeading = (title: string, formula: string): Content => ({
  margin: [0, 3, 0, 1.5],
  columns: [
    { text: title, bold: true, fontSize: 8.5, width: 'auto' },
    {
      text: formula,
      fontSize: FORMULA_FONT_SIZE,
      color: MUTED_TEXT,
      alignment: 'right',
      margin: [0, 2, 0, 0],
    },
  ],
  columnGap: 12,
});

/** The box of the калькуляція's tables: compact rows in small type. */
const COMPACT = { fontSize: COSTING_FONT_SIZE, density: 'compact' } as const;

/**
 * A lines table with its heading row, lines (or a note when there are none) and a total row. In a line the amounts
 * stand right, the name (second column) as it is, the running number and the unit centred.
 */
function linesTable<Line>(
  table: CostingLinesTable<Line>,
  lines: readonly Line[],
  empty: string,
  totalLabel: string,
  total: string,
): Content {
  const { columns, amountColumns } = table;
  const cells = (line: Line): TableCell[] =>
    table
      .texts(line)
      .map((text, column) =>
        amountColumns.includes(column) ? amountCell(text) : column === 1 ? text : centredCell(text),
      );
  return dataTable(
    {
      widths: [...table.widths],
      body: [
        headerCells(columns),
        ...(lines.length === 0
          ? [spanningRow(columns.length, { text: empty, color: MUTED_TEXT })]
          : lines.map(cells)),
        totalRow(columns.length, totalLabel, total),
      ],
    },
    COMPACT,
  );
}

/**
 * Layout of the калькуляція of one service: the «ЗАТВЕРДЖУЮ» block, the title with the service's code, name and
 * category, the staff and materials tables (and the equipment table of a service that has equipment), the articles with their formulas and coefficients (and the price rows:
 * ПДВ, the rounding, the final tariff, with the VAT status under them, where the service has them), the signatures.
 */
export function serviceCostingLayout(data: ServiceCostingData): DocumentLayout {
  const staff = linesTable(
    STAFF_TABLE,
    data.staff.lines,
    'Персонал не задіяний',
    'Основна заробітна плата (L)',
    data.staff.total,
  );
  const materials = linesTable(
    MATERIAL_TABLE,
    data.materials.lines,
    'Матеріали не використовуються',
    'Матеріали (M)',
    data.materials.total,
  );
  // Only a service with equipment has the table (issue 38); one without prints as before equipment existed.
  const equipment: Content[] = data.equipment
    ? [
        sectionHeading('Обладнання', data.equipment.formula),
        linesTable(
          EQUIPMENT_TABLE,
          data.equipment.lines,
          'Обладнання не використовується',
          'Амортизація обладнання (D)',
          data.equipment.total,
        ),
      ]
    : [];
  const rows = dataTable(
    {
      widths: [...ROW_WIDTHS],
      body: [
        headerCells(ROW_COLUMNS),
        ...data.rows.map((row): TableCell[] => [
          centredCell(String(row.number)),
          { text: row.label, bold: row.total },
          { text: row.formula, fontSize: ROW_FORMULA_FONT_SIZE },
          { text: row.coefficient, fontSize: FORMULA_FONT_SIZE },
          amountCell(row.value, row.total),
        ]),
      ],
    },
    COMPACT,
  );

  return documentDefinition(data.heading, `Калькуляція ${data.code}`, [
    approvalBlock(data),
    { text: data.title, bold: true, fontSize: 11.5, alignment: 'center', margin: [0, 2, 0, 1] },
    {
      text: `${data.code} · ${data.serviceName}`,
      bold: true,
      fontSize: 10,
      alignment: 'center',
      margin: [20, 0, 20, 1],
    },
    // The category and the service's own inputs on one line under the name.
    {
      fontSize: 7.5,
      alignment: 'center',
      margin: [0, 0, 0, 2],
      text: [
        { text: 'Категорія: ', style: 'muted' },
        { text: data.category },
        ...data.parameters.flatMap((parameter) => [
          { text: `   ${parameter.label}: `, style: 'muted' },
          { text: parameter.value },
        ]),
      ],
    },
    sectionHeading('Витрати часу персоналу', data.staff.formula),
    staff,
    sectionHeading('Матеріали', data.materials.formula),
    materials,
    ...equipment,
    // The articles with their «Тариф» rows and the signatures under them are one block that pdfmake never splits
    // (issue 23): when it does not fit under the materials it starts the next page whole, so the signatures of
    // the head, the chief accountant and the economist always stand on the page of the figures they sign, never
    // alone on a page of their own. The block is at most 13 rows (with D) and three signature lines, far less than
    // a page.
    {
      unbreakable: true,
      stack: [
        // The VAT status sits beside the section's name, where the other sections have their formula.
        sectionHeading('Калькуляція', data.vatStatus ?? ''),
        rows,
        // One row each, so a калькуляція of a few lines fits one page.
        signatureBlock(data.signatures, 'compact'),
      ],
    },
  ]);
}
