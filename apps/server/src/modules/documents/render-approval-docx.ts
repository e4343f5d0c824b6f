import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  Tab,
  TabStopType,
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import type { ApprovalPackageData, PackageTable } from './build-approval-package-data';
import type { SignatureLine } from './approval-line';
import type { ServiceCostingData } from './build-service-costing-data';
import {
  EQUIPMENT_TABLE,
  MATERIAL_TABLE,
  ROW_COLUMNS,
  ROW_WIDTHS,
  STAFF_TABLE,
  type CostingLinesTable,
} from './layouts/service-costing';
import {
  COST_STRUCTURE_WIDTHS,
  NOTE_TARIFF_WIDTHS,
  PRICE_LIST_WIDTHS,
} from './layouts/approval-package';
import { SIGNATURE_WIDTHS } from './layouts/pdf-layout';

/*
 * The approval package as an editable Word file (issue 35), made with `docx`: the same data as the PDF
 * (build-approval-package-data.ts), one section per part (each from a new page), Times New Roman 12 pt as a
 * council's clerk expects, the pages numbered through the file («Сторінка N з M» in every footer).
 */

const FONT = 'Times New Roman';
/** Half-points: 12 pt body, 10 pt tables. */
const BODY_SIZE = 24;
const TABLE_SIZE = 20;
const SMALL_SIZE = 18;
/**
 * Type of a table, half-points: its lines and its column titles (smaller, so a title's longest word fits its
 * column as in the PDF). The package's tables in 10 pt; the калькуляція's compact, as in the PDF.
 */
type TableType = { size: number; header: number };
const PACKAGE_TABLE: TableType = { size: TABLE_SIZE, header: 17 };
const COSTING_TABLE: TableType = { size: 16, header: 15 };

type Block = Paragraph | Table;

/** A4 portrait and the margins of a council's paper (30 mm left, 15 mm right, 20 mm top and bottom), twips. */
const PAGE_WIDTH = 11906;
const MARGIN = { top: 1134, bottom: 1134, left: 1701, right: 850 };
/** Width of the text between the side margins, twips: every table is as wide. */
export const TEXT_WIDTH = PAGE_WIDTH - MARGIN.left - MARGIN.right;
/** Left and right padding of a table cell, twips (about the PDF's 3 pt). */
const CELL_MARGIN = 57;

/** The narrowest column, twips: a two-digit line number in 8 pt with the cell's padding (the PDF's 12 pt is less). */
const MIN_COLUMN = 320;

/**
 * A table's column grid, twips: the PDF layout's widths of its columns (points) scaled to the text width, in whole
 * twips that sum to it, none narrower than `MIN_COLUMN` (what rounding and the minimum leave or take goes to the
 * widest column). One source of the widths for both files.
 */
export function columnGrid(widths: readonly number[]): number[] {
  const total = widths.reduce((sum, width) => sum + width, 0);
  const grid = widths.map((width) =>
    Math.max(MIN_COLUMN, Math.floor((width / total) * TEXT_WIDTH)),
  );
  const widest = grid.indexOf(Math.max(...grid));
  grid[widest] = (grid[widest] ?? 0) + TEXT_WIDTH - grid.reduce((sum, width) => sum + width, 0);
  return grid;
}

/** A table of `grid`'s columns, as wide as the text, laid out by the grid alone (not by its content). */
const fixedTable = (grid: number[], rows: TableRow[], extra: { borders?: object } = {}) =>
  new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: grid,
    layout: TableLayoutType.FIXED,
    margins: { left: CELL_MARGIN, right: CELL_MARGIN },
    rows,
    ...extra,
  });

const run = (text: string, options: { bold?: boolean; size?: number; color?: string } = {}) =>
  new TextRun({ text, font: FONT, size: options.size ?? BODY_SIZE, ...options });

const paragraph = (
  text: string,
  options: {
    bold?: boolean;
    size?: number;
    color?: string;
    alignment?: (typeof AlignmentType)[keyof typeof AlignmentType];
    after?: number;
    before?: number;
    indent?: number;
  } = {},
) =>
  new Paragraph({
    children: [run(text, options)],
    alignment: options.alignment ?? AlignmentType.LEFT,
    spacing: { after: options.after ?? 120, ...(options.before ? { before: options.before } : {}) },
    ...(options.indent ? { indent: { firstLine: options.indent } } : {}),
  });

const centred = (text: string, size = BODY_SIZE, bold = true, after = 120) =>
  paragraph(text, { alignment: AlignmentType.CENTER, size, bold, after });

/** A table cell of text `width` twips wide; amounts right-aligned, headings and totals in bold. */
const cell = (
  text: string,
  width: number,
  options: { bold?: boolean; right?: boolean; size?: number } = {},
) =>
  new TableCell({
    width: { size: width, type: WidthType.DXA },
    children: [
      new Paragraph({
        children: [run(text, { size: options.size ?? TABLE_SIZE, bold: options.bold ?? false })],
        // The paragraph mark in the cell's type too, so an empty cell's line is no taller than its row's text.
        run: { font: FONT, size: options.size ?? TABLE_SIZE },
        alignment: options.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
      }),
    ],
  });

/**
 * A whole-width table: its column titles (repeated on every page) and its rows, its columns as wide as the PDF's
 * (`widths`, points).
 */
function table(
  type: TableType,
  columns: readonly string[],
  widths: readonly number[],
  rows: readonly string[][],
  amounts: readonly number[] = [],
  total?: string[] | null,
): Table {
  const grid = columnGrid(widths);
  const line = (texts: readonly string[], bold: boolean) =>
    texts.map((text, index) =>
      cell(text, grid[index] ?? 0, { bold, right: amounts.includes(index), size: type.size }),
    );
  const header = new TableRow({
    tableHeader: true,
    children: columns.map((title, index) =>
      cell(title, grid[index] ?? 0, { bold: true, size: type.header }),
    ),
  });
  const body = rows.map((row) => new TableRow({ children: line(row, false) }));
  const totalRow = total ? [new TableRow({ children: line(total, true) })] : [];
  return fixedTable(grid, [header, ...body, ...totalRow]);
}

const packageTable = (data: PackageTable, widths: readonly number[]) =>
  table(PACKAGE_TABLE, data.columns, widths, data.rows, data.amountColumns, data.total);

/** Signature lines: the position, a line to sign on, the name. */
function signatures(lines: readonly SignatureLine[]): Block[] {
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const borders = {
    top: none,
    bottom: none,
    left: none,
    right: none,
    insideHorizontal: none,
    insideVertical: none,
  };
  const [position = 0, signature = 0, name = 0] = columnGrid(SIGNATURE_WIDTHS);
  return [
    paragraph('', { after: 240 }),
    fixedTable(
      [position, signature, name],
      lines.map(
        (line) =>
          new TableRow({
            children: [
              cell(line.position, position, { bold: true }),
              cell('________________', signature),
              cell(line.name || '____________________', name, { right: true }),
            ],
          }),
      ),
      { borders },
    ),
  ];
}

/** An annex's caption at the right. */
const annexCaption = (lines: readonly string[]): Block[] =>
  lines.map((text, index) =>
    paragraph(text, {
      alignment: AlignmentType.RIGHT,
      size: SMALL_SIZE,
      after: index === lines.length - 1 ? 240 : 0,
    }),
  );

function decisionBlocks(data: ApprovalPackageData): Block[] {
  const { decision } = data;
  return [
    paragraph(decision.draftMark, { alignment: AlignmentType.RIGHT, bold: true, color: 'C0392B' }),
    centred(decision.bodyName, 28),
    centred(decision.heading, 32, true, 240),
    // The blank date at the left margin, the place at the right one (a right tab stop at the text's edge).
    new Paragraph({
      children: [
        run(decision.dateLine),
        ...(decision.place
          ? [new TextRun({ children: [new Tab(), decision.place], font: FONT, size: BODY_SIZE })]
          : []),
      ],
      tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
      spacing: { after: 240 },
    }),
    paragraph(decision.title, { bold: true, after: 240 }),
    paragraph(decision.preamble, { alignment: AlignmentType.JUSTIFIED, indent: 567 }),
    ...decision.points.map((text) =>
      paragraph(text, { alignment: AlignmentType.JUSTIFIED, indent: 567 }),
    ),
    ...signatures([decision.signature]),
  ];
}

function priceListBlocks(data: ApprovalPackageData): Block[] {
  const { annex1 } = data;
  return [
    ...annexCaption(annex1.caption),
    centred(annex1.title),
    centred(annex1.note, SMALL_SIZE, false, 200),
    packageTable(annex1.table, PRICE_LIST_WIDTHS),
  ];
}

/** A lines table of a калькуляція, its total («Разом») in the last column. */
function costingLinesTable<Line>(
  { columns, widths, amountColumns, texts }: CostingLinesTable<Line>,
  lines: readonly Line[],
  total: string,
): Table {
  // The running number's cell, «Разом» under the name, a blank under each column up to the last, then the total.
  const blanks = Array<string>(columns.length - 3).fill('');
  const totalRow = ['', 'Разом', ...blanks, total];
  return table(COSTING_TABLE, columns, widths, lines.map(texts), amountColumns, totalRow);
}

/** One калькуляція: its title, service, parameters, staff, material (and equipment) lines and its articles. */
function costingBlocks(costing: ServiceCostingData): Block[] {
  return [
    paragraph(`${costing.approval.caption}`, {
      alignment: AlignmentType.RIGHT,
      bold: true,
      size: SMALL_SIZE,
      after: 0,
    }),
    paragraph(`${costing.approval.position} ${costing.approval.name}`.trim(), {
      alignment: AlignmentType.RIGHT,
      size: SMALL_SIZE,
      after: 0,
    }),
    paragraph(costing.approval.dateLine, {
      alignment: AlignmentType.RIGHT,
      size: SMALL_SIZE,
      after: 200,
    }),
    centred(costing.title),
    centred(`${costing.code} ${costing.serviceName}`, BODY_SIZE, false),
    paragraph(
      costing.parameters.map((parameter) => `${parameter.label}: ${parameter.value}`).join('; '),
      { size: SMALL_SIZE },
    ),
    costingLinesTable(STAFF_TABLE, costing.staff.lines, costing.staff.total),
    paragraph('', { after: 120 }),
    costingLinesTable(MATERIAL_TABLE, costing.materials.lines, costing.materials.total),
    paragraph('', { after: 120 }),
    // The equipment lines of a service that has equipment (issue 38).
    ...(costing.equipment
      ? [
          costingLinesTable(EQUIPMENT_TABLE, costing.equipment.lines, costing.equipment.total),
          paragraph('', { after: 120 }),
        ]
      : []),
    table(
      COSTING_TABLE,
      ROW_COLUMNS,
      ROW_WIDTHS,
      costing.rows.map((row) => [
        String(row.number),
        row.label,
        row.formula,
        row.coefficient,
        row.value,
      ]),
      [4],
    ),
    ...signatures(costing.signatures),
  ];
}

function noteBlocks(data: ApprovalPackageData): Block[] {
  const { note } = data;
  const section = (text: string) => paragraph(text, { bold: true, before: 240, after: 120 });
  return [
    centred(note.title, 28, true, 0),
    centred(note.subtitle, BODY_SIZE, false, 240),
    section(note.reasonsTitle),
    ...note.reasons.map((text, index) =>
      paragraph(index === 0 ? text : `– ${text}`, { alignment: AlignmentType.JUSTIFIED }),
    ),
    section(note.tariffsTitle),
    packageTable(note.tariffs, NOTE_TARIFF_WIDTHS),
    section(note.structureTitle),
    packageTable(note.structure, COST_STRUCTURE_WIDTHS),
    section(note.profitabilityTitle),
    ...note.profitability.map((text) => paragraph(text, { alignment: AlignmentType.JUSTIFIED })),
    ...signatures(note.signatures),
    paragraph(note.executor, { size: SMALL_SIZE }),
  ];
}

/** «Сторінка N з M» at the right of every page's foot, with the package's name at the left. */
const footer = (title: string) =>
  new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          new TextRun({ text: `${title}\u2003Сторінка `, font: FONT, size: SMALL_SIZE }),
          new TextRun({ children: [PageNumber.CURRENT], font: FONT, size: SMALL_SIZE }),
          new TextRun({ text: ' з ', font: FONT, size: SMALL_SIZE }),
          new TextRun({ children: [PageNumber.TOTAL_PAGES], font: FONT, size: SMALL_SIZE }),
        ],
      }),
    ],
  });

/** The bytes of the package's Word file. */
export async function renderApprovalDocx(data: ApprovalPackageData): Promise<Buffer> {
  const parts: Block[][] = [
    decisionBlocks(data),
    priceListBlocks(data),
    ...(data.annex2
      ? data.annex2.costings.map((costing, index) => [
          ...(index === 0 && data.annex2 ? annexCaption(data.annex2.caption) : []),
          ...costingBlocks(costing),
        ])
      : []),
    noteBlocks(data),
  ];
  const sections: ISectionOptions[] = parts.map((children) => ({
    properties: {
      page: { size: { width: PAGE_WIDTH, height: 16838 }, margin: MARGIN },
    },
    footers: { default: footer(data.documentTitle) },
    children,
  }));
  const document = new Document({
    creator: 'medcalc',
    title: `${data.documentTitle} — ${data.heading.orderName}`,
    description: data.decision.title,
    styles: { default: { document: { run: { font: FONT, size: BODY_SIZE } } } },
    sections,
  });
  return Packer.toBuffer(document);
}
