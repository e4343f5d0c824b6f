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
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import type { ApprovalPackageData, PackageTable } from './build-approval-package-data';
import type { SignatureLine } from './approval-line';
import type { ServiceCostingData } from './build-service-costing-data';
import { MATERIAL_COLUMNS, ROW_COLUMNS, STAFF_COLUMNS } from './layouts/service-costing';

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

type Block = Paragraph | Table;

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
    indent?: number;
  } = {},
) =>
  new Paragraph({
    children: [run(text, options)],
    alignment: options.alignment ?? AlignmentType.LEFT,
    spacing: { after: options.after ?? 120 },
    ...(options.indent ? { indent: { firstLine: options.indent } } : {}),
  });

const centred = (text: string, size = BODY_SIZE, bold = true, after = 120) =>
  paragraph(text, { alignment: AlignmentType.CENTER, size, bold, after });

/** A table cell of text; amounts right-aligned, headings and totals in bold. */
const cell = (text: string, options: { bold?: boolean; right?: boolean } = {}) =>
  new TableCell({
    children: [
      new Paragraph({
        children: [run(text, { size: TABLE_SIZE, bold: options.bold ?? false })],
        alignment: options.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
      }),
    ],
  });

/** A whole-width table: its column titles (repeated on every page) and its rows. */
function table(
  columns: readonly string[],
  rows: readonly string[][],
  amounts: readonly number[] = [],
  total?: string[] | null,
): Table {
  const header = new TableRow({
    tableHeader: true,
    children: columns.map((title) => cell(title, { bold: true })),
  });
  const body = rows.map(
    (row) =>
      new TableRow({
        children: row.map((text, index) => cell(text, { right: amounts.includes(index) })),
      }),
  );
  const totalRow = total
    ? [
        new TableRow({
          children: total.map((text, index) =>
            cell(text, { bold: true, right: amounts.includes(index) }),
          ),
        }),
      ]
    : [];
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    layout: TableLayoutType.AUTOFIT,
    rows: [header, ...body, ...totalRow],
  });
}

const packageTable = (data: PackageTable) =>
  table(data.columns, data.rows, data.amountColumns, data.total);

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
  return [
    paragraph('', { after: 240 }),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders,
      rows: lines.map(
        (line) =>
          new TableRow({
            children: [
              cell(line.position, { bold: true }),
              cell('____________________'),
              cell(line.name || '____________________', { right: true }),
            ],
          }),
      ),
    }),
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
    paragraph(`${decision.dateLine}${decision.place ? `\u2003\u2003${decision.place}` : ''}`, {
      after: 240,
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
    packageTable(annex1.table),
  ];
}

/** One калькуляція: its title, service, parameters, staff and material lines and its articles. */
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
    table(
      STAFF_COLUMNS,
      costing.staff.lines.map((line) => [
        String(line.number),
        line.position,
        line.salary,
        line.conditionPercent,
        line.workingDay,
        line.minutes,
        line.sum,
      ]),
      [2, 3, 4, 5, 6],
      ['', 'Разом', '', '', '', '', costing.staff.total],
    ),
    paragraph('', { after: 120 }),
    table(
      MATERIAL_COLUMNS,
      costing.materials.lines.map((line) => [
        String(line.number),
        line.name,
        line.unit,
        line.price,
        line.quantity,
        line.sum,
      ]),
      [3, 4, 5],
      ['', 'Разом', '', '', '', costing.materials.total],
    ),
    paragraph('', { after: 120 }),
    table(
      ROW_COLUMNS,
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
  const section = (text: string) => paragraph(text, { bold: true, after: 120 });
  return [
    centred(note.title, 28, true, 0),
    centred(note.subtitle, BODY_SIZE, false, 240),
    section(note.reasonsTitle),
    ...note.reasons.map((text, index) =>
      paragraph(index === 0 ? text : `– ${text}`, { alignment: AlignmentType.JUSTIFIED }),
    ),
    section(note.tariffsTitle),
    packageTable(note.tariffs),
    section(note.structureTitle),
    packageTable(note.structure),
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
      page: { margin: { top: 1134, bottom: 1134, left: 1701, right: 850 } },
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
