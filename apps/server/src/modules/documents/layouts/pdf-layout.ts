import type {
  Content,
  ContentTable,
  ContentText,
  CustomTableLayout,
  DynamicContent,
  Margins,
  StyleDictionary,
  Table,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import type { DocumentHeading } from '../document-source';

/*
 * Layout shared by the five documents of an order (house guide 2.5: the builders hold the data, the renderers only
 * place it): the embedded font, A4, margins, the heading on every page, page numbers, text styles and the table
 * look. Nothing here decides what a document says.
 */

/**
 * What the page heading prints: the order's heading and, from the second revision on, «Редакція N» (page-heading.ts
 * `buildPageHeading`; a heading without `revisionLabel` prints as the first revision's).
 */
export type PrintedHeading = DocumentHeading & { revisionLabel?: string | null };

/** The font every document is set in: render-pdf.ts registers its files with pdfmake. */
export const FONT_FAMILY = 'DejaVuSans';

/** A4, points. */
const PAGE_SIZE = 'A4';
/** Left, top, right, bottom, points: the top leaves room for the heading, the bottom for the page number. */
const PAGE_MARGINS: [number, number, number, number] = [42, 84, 42, 48];
const SIDE = PAGE_MARGINS[0];
/** Width of A4 portrait in points, and of A4 landscape (its height). */
const PAGE_WIDTH = 595.28;
const LANDSCAPE_PAGE_WIDTH = 841.89;
/** Width of the text area between the side margins, points. */
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * SIDE;
/** The same on a landscape page (a table too wide for portrait: «Порівняння тарифів»). */
export const LANDSCAPE_CONTENT_WIDTH = LANDSCAPE_PAGE_WIDTH - 2 * SIDE;

/** How a document's pages stand. */
export type PageOrientation = 'portrait' | 'landscape';
const contentWidthOf = (orientation: PageOrientation) =>
  orientation === 'landscape' ? LANDSCAPE_CONTENT_WIDTH : CONTENT_WIDTH;

/** The red of the «НЕ ПОГОДЖЕНО» mark. */
export const MARK_COLOR = '#c0392b';
const RULE_COLOR = '#9aa3ad';
/** Grey of secondary text: captions under signature lines, notes. */
export const MUTED_TEXT = '#555555';
/** Fill of a table's column headings and of category rows. */
const HEADER_FILL = '#eef1f4';
const GROUP_FILL = '#f6f7f9';

const STYLES: StyleDictionary = {
  documentTitle: { fontSize: 14, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 9, color: MUTED_TEXT, alignment: 'center', margin: [0, 0, 0, 12] },
  sectionTitle: { fontSize: 10.5, bold: true, margin: [0, 12, 0, 4] },
  tableHeader: { bold: true, fontSize: 7.5, fillColor: HEADER_FILL, alignment: 'center' },
  muted: { color: MUTED_TEXT },
  mark: { color: MARK_COLOR, bold: true },
};

/** Left and right padding of a table cell, and the width of its rules, points. */
const CELL_PADDING = 3;
const RULE_WIDTH = 0.5;
/** Top and bottom padding of a table cell: `regular`, and `compact` (the калькуляція, so it fits one page). */
const ROW_PADDING = { regular: 2, compact: 0.5 } as const;

/** How dense a table is: `regular` for the order's lists, `compact` for the калькуляція and the chronometry act. */
export type TableDensity = keyof typeof ROW_PADDING;

/**
 * Where a table stands: a `table` of its own; `closed`, a table whose last row holds its closing (the last rows
 * and the signatures, `closedTable`), drawn without padding, rules or fill of its own; `tail`, the rows inside
 * that closing row, which draw no rule at their top (the table around them drew it already).
 */
type TableRole = 'table' | 'closed' | 'tail';

/** Thin grey rules around every cell, a little padding: the look of a printed accounting table. */
function houseTableLayout(density: TableDensity, role: TableRole): CustomTableLayout {
  const padding = ROW_PADDING[density];
  const isClosingRow = (row: number, node: ContentTable) =>
    role === 'closed' && row === node.table.body.length - 1;
  return {
    hLineWidth: (line) => (role === 'tail' && line === 0 ? 0 : RULE_WIDTH),
    vLineWidth: () => RULE_WIDTH,
    hLineColor: () => RULE_COLOR,
    vLineColor: () => RULE_COLOR,
    paddingLeft: () => CELL_PADDING,
    paddingRight: () => CELL_PADDING,
    paddingTop: (row, node) => (isClosingRow(row, node) ? 0 : padding),
    paddingBottom: (row, node) => (isClosingRow(row, node) ? 0 : padding),
  };
}

/*
 * Table layouts by name. A document's layout travels to a worker thread of the document pool (document-pool.ts) by
 * structured clone, which copies data, not functions: tables name a layout that render-pdf.ts registers with
 * pdfmake (in every thread that renders) instead of carrying pdfmake's callbacks.
 */
export const TABLE_LAYOUTS = {
  medcalcTable: houseTableLayout('regular', 'table'),
  medcalcTableClosed: houseTableLayout('regular', 'closed'),
  medcalcTableTail: houseTableLayout('regular', 'tail'),
  medcalcCompact: houseTableLayout('compact', 'table'),
  medcalcCompactClosed: houseTableLayout('compact', 'closed'),
  medcalcCompactTail: houseTableLayout('compact', 'tail'),
  /** Signatures side by side (`signatureBlock`'s compact form): only the lines the names are written on. */
  medcalcSignatures: {
    hLineWidth: () => RULE_WIDTH,
    vLineWidth: () => 0,
    hLineColor: () => '#000000',
    paddingLeft: () => 0,
    paddingRight: () => 0,
    paddingTop: () => 0,
    paddingBottom: () => 0,
  },
  /** The frame of the «НЕ ПОГОДЖЕНО» mark on the title page: thick red rules. */
  medcalcMark: {
    hLineWidth: () => 1.5,
    vLineWidth: () => 1.5,
    hLineColor: () => MARK_COLOR,
    vLineColor: () => MARK_COLOR,
  },
} satisfies Record<string, CustomTableLayout>;

/**
 * A table's `layout` by the name of a registered layout. pdfmake looks a string up among its table layouts; its
 * types know only the built-in names, hence the cast.
 */
const namedLayout = (name: keyof typeof TABLE_LAYOUTS) => name as unknown as CustomTableLayout;

/** The house table look (thin grey rules, a little padding), by name. */
export const TABLE_LAYOUT = namedLayout('medcalcTable');
/** The title page's red frame around the «НЕ ПОГОДЖЕНО» mark, by name. */
export const MARK_LAYOUT = namedLayout('medcalcMark');
/** The registered layout of a table of `density` in `role`. */
const houseLayout = (density: TableDensity, role: TableRole) =>
  namedLayout(
    `${density === 'compact' ? 'medcalcCompact' : 'medcalcTable'}${
      role === 'closed' ? 'Closed' : role === 'tail' ? 'Tail' : ''
    }` as keyof typeof TABLE_LAYOUTS,
  );

/** Font size of a document's running text, points (`documentDefinition`'s default style). */
export const BODY_FONT_SIZE = 9;

/** Font size of table bodies, points: an amount up to 99 999 999,99 fits its column on one line. */
export const TABLE_FONT_SIZE = 8;

/*
 * Table cells take inline properties rather than named styles: pdfmake resolves every style property of every
 * word through the style stack, and a named style costs a fresh lookup each time, which a 4,000-row table feels.
 */

/** An amount: right-aligned (a longer one wraps inside its cell rather than overflowing it). */
export const amountCell = (text: string, bold = false): TableCell =>
  bold ? { text, alignment: 'right', bold: true } : { text, alignment: 'right' };

/** A short centred value: a running number, a code, a unit. */
export const centredCell = (text: string): TableCell => ({ text, alignment: 'center' });

/** A row spanning all `columns` of a table: a category or service heading, or a note. */
export function spanningRow(
  columns: number,
  cell: { text: string; bold?: boolean; fillColor?: string; color?: string; alignment?: 'right' },
): TableCell[] {
  return [{ ...cell, colSpan: columns }, ...Array.from({ length: columns - 1 }, () => ({}))];
}

/** A totals line: its label right-aligned across all columns but the last, the amount in the last. */
export const totalRow = (
  columns: number,
  label: string,
  amount: string,
  bold = true,
): TableCell[] => [
  ...spanningRow(
    columns - 1,
    bold ? { text: label, bold, alignment: 'right' } : { text: label, alignment: 'right' },
  ),
  amountCell(amount, bold),
];

/**
 * A table of a document in the house look (TABLE_LAYOUT, TABLE_FONT_SIZE): one heading row repeated on every page
 * and rows never split across pages unless `table` says otherwise; `box` sets its margin, another font size or the
 * compact density (less padding above and below each row).
 */
export const dataTable = (
  table: Table,
  box: { margin?: Margins; fontSize?: number; density?: TableDensity } = {},
): ContentTable => {
  const { density = 'regular', ...rest } = box;
  return {
    fontSize: TABLE_FONT_SIZE,
    ...rest,
    layout: houseLayout(density, 'table'),
    table: { headerRows: 1, dontBreakRows: true, ...table },
  };
};

/**
 * A table that ends with what signs it (issue 33): its last `keep` rows and `closing` (the signature lines) are
 * one row of the table, which pdfmake never splits. When they do not fit under the rows before them they start the
 * next page together, under the table's repeated heading, so no page carries signatures without figures. The kept
 * rows are drawn inside that row as a table of the same columns, exactly where the table's own cells would be (the
 * row has no padding, and its content is pulled out over the first column's padding and rule); `closing` is
 * printed in the running text's size, not the table's. Every row the closing row holds must be shorter than a page
 * (pdfmake drops what an unbreakable block puts past one): a few rows and the signatures.
 */
export function closedTable(
  table: ContentTable,
  keep: number,
  closing: readonly Content[],
  density: TableDensity = 'regular',
): ContentTable {
  const { body, headerRows = 0 } = table.table;
  // pdfmake turns a definition's widths into objects as it lays it out (a constant array of widths shared by
  // the documents of one thread reads `{ width }` after the first): read either, and give each table its own array.
  const given: unknown[] = Array.isArray(table.table.widths) ? table.table.widths : [];
  const widths = given.map((width) => {
    const points =
      typeof width === 'object' && width !== null && 'width' in width ? width.width : width;
    if (typeof points !== 'number') throw new Error('a closed table needs its widths in points');
    return points;
  });
  const columns = widths.length;
  const first = Math.max(headerRows, body.length - Math.max(0, keep));
  const kept = body.slice(first);
  const noBorder = { border: [false, false, false, false] };
  const closingRow: TableCell[] = [
    {
      ...noBorder,
      colSpan: columns,
      margin: [-(CELL_PADDING + RULE_WIDTH), 0, -(CELL_PADDING + RULE_WIDTH), 0],
      stack: [
        ...(kept.length > 0
          ? [{ layout: houseLayout(density, 'tail'), table: { widths: [...widths], body: kept } }]
          : []),
        { stack: [...closing], fontSize: BODY_FONT_SIZE },
      ],
    } as TableCell,
    ...Array.from({ length: columns - 1 }, () => ({ text: '', ...noBorder }) as TableCell),
  ];
  return {
    ...table,
    layout: houseLayout(density, 'closed'),
    table: {
      ...table.table,
      widths,
      dontBreakRows: true,
      body: [...body.slice(0, first), closingRow],
    },
  };
}

/** One line of text a signed document prints between its table and its signatures (see {@link signedTable}). */
export type ClosingParagraph = ContentText['text'];

/**
 * The end every signed document shares (issue 33): the table's last `keep` rows, then `paragraphs` (the total in
 * words, the act's statement …; the first 10 pt under the table, the next 6 pt apart), then the signature lines
 * ({@link signatureBlock}), all on one page ({@link closedTable}). The invoice, the chronometry act, the order list
 * and the comparison end with it, so their signature layout is written once.
 */
export function signedTable(
  table: ContentTable,
  keep: number,
  signatures: ReadonlyArray<{ position: string; name: string }>,
  paragraphs: readonly ClosingParagraph[] = [],
): ContentTable {
  return closedTable(table, keep, [
    ...paragraphs.map((text, index): Content => ({
      text,
      margin: [0, index === 0 ? 10 : 6, 0, 0],
    })),
    signatureBlock(signatures),
  ]);
}

/** A category or service heading row: bold on a light fill. */
export const groupRow = (columns: number, text: string) =>
  spanningRow(columns, { text, bold: true, fillColor: GROUP_FILL });

/**
 * Column widths of a full-width table with one flexible column (`'*'`) made fixed: the text width less the other
 * columns, their padding and rules. pdfmake widens a `'*'` column to its longest unbreakable word, so a name of one
 * 300-letter word would push the table off the page; a fixed column breaks such a word inside the cell instead.
 */
export function tableWidths(
  widths: ReadonlyArray<number | '*'>,
  contentWidth: number = CONTENT_WIDTH,
): number[] {
  const fixed = widths.reduce<number>((sum, width) => sum + (width === '*' ? 0 : width), 0);
  const chrome = widths.length * (2 * CELL_PADDING + RULE_WIDTH) + RULE_WIDTH;
  const rest = Math.floor((contentWidth - fixed - chrome) * 100) / 100;
  return widths.map((width) => (width === '*' ? rest : width));
}

/** Font size of the heading's names (the institution's, the order's), points, and their line height. */
const HEADING_NAME_SIZE = 8;
const HEADING_LINE_HEIGHT = HEADING_NAME_SIZE * 1.15 * 1.17;
/**
 * A safe upper bound of DejaVu Sans's average advance width, in ems, for Ukrainian text in capitals and lower case
 * (measured: «Комунальне некомерційне підприємство …» runs at ~0.58 em a character at 8 pt): used to tell how
 * many lines a name takes in the heading, so the page's top margin leaves room for all of them.
 */
const AVERAGE_CHARACTER_EM = 0.64;
/** The top page margin with a heading of one line per name (a name that fits its column). */
const BASE_TOP_MARGIN = 84;
/** Gap between the heading's two columns, points. */
const HEADING_GAP = 16;

/** «Замовлення З-2026-0007 «<name>»»: the order's line of the heading. */
const orderLine = (heading: PrintedHeading) =>
  `Замовлення ${heading.orderNumber} «${heading.orderName}»`;

/** How many lines `text` takes at `fontSize` in a column `width` points wide (an estimate that errs long). */
function lineCount(text: string, width: number, fontSize: number): number {
  const perLine = Math.max(1, Math.floor(width / (fontSize * AVERAGE_CHARACTER_EM)));
  return Math.max(1, Math.ceil(Array.from(text).length / perLine));
}

/**
 * The top page margin that leaves room for the whole heading: the names are wrapped, never cut (a legal name is
 * printed in full on every page), so a long one takes more lines and pushes the body down by as many.
 */
export function headingTopMargin(heading: PrintedHeading, contentWidth: number): number {
  const column = (contentWidth - HEADING_GAP) / 2;
  const lines = Math.max(
    lineCount(heading.institutionName, column, HEADING_NAME_SIZE),
    lineCount(orderLine(heading), column, HEADING_NAME_SIZE),
  );
  return BASE_TOP_MARGIN + (lines - 1) * HEADING_LINE_HEIGHT;
}

/**
 * The heading of every page: the institution's name and ЄДРПОУ code on the left, the order's name and date on
 * the right with the revision after the date from the second revision on and the «НЕ ПОГОДЖЕНО» mark beside
 * them until the order is approved, and a rule below.
 */
function pageHeading(heading: PrintedHeading, contentWidth: number): Content {
  const column = (contentWidth - HEADING_GAP) / 2;
  return {
    margin: [SIDE, 20, SIDE, 0],
    stack: [
      {
        columns: [
          {
            width: column,
            stack: [
              { text: heading.institutionName, bold: true, fontSize: HEADING_NAME_SIZE },
              { text: `Код ЄДРПОУ: ${heading.institutionCode}`, fontSize: 7.5, style: 'muted' },
            ],
          },
          {
            width: column,
            alignment: 'right',
            stack: [
              { text: orderLine(heading), fontSize: HEADING_NAME_SIZE },
              {
                fontSize: 7.5,
                text: [
                  { text: `від ${heading.orderDate}`, style: 'muted' },
                  ...(heading.revisionLabel
                    ? [{ text: ` · ${heading.revisionLabel}`, bold: true }]
                    : []),
                  ...(heading.notApprovedMark
                    ? [{ text: `   ${heading.notApprovedMark}`, style: 'mark' }]
                    : []),
                ],
              },
            ],
          },
        ],
        columnGap: HEADING_GAP,
      },
      {
        canvas: [
          {
            type: 'line',
            x1: 0,
            y1: 4,
            x2: contentWidth,
            y2: 4,
            lineWidth: 0.5,
            lineColor: RULE_COLOR,
          },
        ],
      },
    ],
  };
}

/** «Сторінка N з M» on the right of every page's foot, the document's name on the left. */
const pageNumberText = (page: number, pages: number) => `Сторінка ${page} з ${pages}`;

/**
 * What every page of a document carries around its body, as data: the heading, the document's name in the foot,
 * and the width of the text area. `toPdfmake` turns it into pdfmake's header and footer callbacks in the thread
 * that lays the document out, so a layout stays structured-cloneable (a worker of the document pool receives it).
 */
export interface PageFrame {
  heading: PrintedHeading;
  title: string;
  contentWidth: number;
}

/**
 * A document ready to lay out: pdfmake's definition without its callbacks (`header`, `footer`, table layouts by
 * name), and the page frame that becomes the header and the footer. Plain data: it can be sent to a worker thread.
 */
export type DocumentLayout = Omit<TDocumentDefinitions, 'header' | 'footer'> & {
  pageFrame: PageFrame;
};

/**
 * A whole document: A4 (portrait unless `orientation` says otherwise), the embedded font, the heading on every
 * page, the page numbers, the PDF's metadata (title «<document> — <order>»), and the body the renderer laid out.
 */
export function documentDefinition(
  heading: PrintedHeading,
  title: string,
  content: Content[],
  orientation: PageOrientation = 'portrait',
): DocumentLayout {
  return {
    pageSize: PAGE_SIZE,
    pageOrientation: orientation,
    pageMargins: [
      PAGE_MARGINS[0],
      headingTopMargin(heading, contentWidthOf(orientation)),
      PAGE_MARGINS[2],
      PAGE_MARGINS[3],
    ],
    info: {
      title: `${title} — ${heading.orderName}`,
      author: heading.institutionName,
      subject: title,
      creator: 'medcalc',
    },
    language: 'uk-UA',
    defaultStyle: { font: FONT_FAMILY, fontSize: BODY_FONT_SIZE, lineHeight: 1.15 },
    styles: STYLES,
    pageFrame: { heading, title, contentWidth: contentWidthOf(orientation) },
    content,
  };
}

/** pdfmake's definition of a layout: its page frame turned into the header and footer callbacks. */
export function toPdfmake(layout: DocumentLayout): TDocumentDefinitions {
  const { pageFrame, ...definition } = layout;
  const { heading, title, contentWidth } = pageFrame;
  // The page's own width: a set of documents may turn some of its pages landscape.
  const header: DynamicContent = (_page, _pages, pageSize) =>
    pageHeading(heading, pageSize.width ? pageSize.width - 2 * SIDE : contentWidth);
  const footer: DynamicContent = (page, pages) => ({
    margin: [SIDE, 16, SIDE, 0],
    columns: [
      { text: title, fontSize: 7.5, style: 'muted' },
      { text: pageNumberText(page, pages), fontSize: 7.5, alignment: 'right', width: 'auto' },
    ],
  });
  return { ...definition, header, footer };
}

/**
 * Several documents of one order as one: their bodies one after another, each from a new page (turned as the
 * part's own pages are), under the common heading, with `title` in the foot and the pages numbered through the
 * whole («Сторінка N з M»). The parts are the renderers' own definitions (their layouts are not repeated here), so
 * the set is rendered in one pdfmake pass rather than one per document.
 */
export function combinedDocumentDefinition(
  heading: PrintedHeading,
  title: string,
  parts: readonly DocumentLayout[],
): DocumentLayout {
  // Each part keeps its orientation: the new page a part starts on is turned as the part's own definition says.
  const orientationOf = (part: DocumentLayout | undefined): PageOrientation =>
    part?.pageOrientation === 'landscape' ? 'landscape' : 'portrait';
  const content: Content[] = parts.map((part, index) => ({
    stack: Array.isArray(part.content) ? part.content : [part.content],
    ...(index > 0 ? { pageBreak: 'before' as const, pageOrientation: orientationOf(part) } : {}),
  }));
  return documentDefinition(heading, title, content, orientationOf(parts[0]));
}

/** The document's name centred at the top of its first page, with an optional line under it. */
export function titleBlock(title: string, subtitle?: string): Content[] {
  return [
    { text: title, style: 'documentTitle' },
    ...(subtitle ? [{ text: subtitle, style: 'subtitle' }] : [{ text: '', margin: [0, 0, 0, 8] }]),
  ] as Content[];
}

/** Column headings of a table: bold, centred, on a light fill, repeated on every page the table spans. */
export const headerCells = (titles: readonly string[]) =>
  titles.map((text) => ({ text, style: 'tableHeader' }));

/** A horizontal rule `width` points long: the line a signature or a name is written on. */
const writingLine = (width: number): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.5 }],
});

/**
 * The signature of the «ЗАТВЕРДЖУЮ» block (title page, калькуляція): a line to sign on captioned «підпис», and the
 * head's name (or a blank to write it by hand) over a line captioned «ім’я та прізвище». `width` is the block's:
 * the name takes all of it but the signature, and a name longer than a line wraps, never cut (issue 33).
 */
export function approvalSignature(name: string, width = 250): Content {
  const signature = 80;
  const gap = 6;
  const nameWidth = width - signature - gap;
  return {
    columns: [
      {
        width: signature,
        stack: [
          { text: ' ' },
          writingLine(signature - 5),
          { text: 'підпис', fontSize: 7, style: 'muted', alignment: 'center' },
        ],
      },
      {
        width: nameWidth,
        stack: [
          { text: name || ' ' },
          writingLine(nameWidth),
          { text: 'ім’я та прізвище', fontSize: 7, style: 'muted' },
        ],
      },
    ],
    columnGap: gap,
  };
}

/** Space above the signature lines under a document's last table, and between two of them, points. */
const SIGNATURE_TOP = 24;
const SIGNATURE_GAP = 12;
/** Widths of a signature line's position and its line to sign on, points; the name takes the rest. */
const SIGNATURE_POSITION_WIDTH = 120;
const SIGNATURE_WIDTH = 110;
/** A regular signature line's three columns, points: the position, the line to sign on, the name. */
export const SIGNATURE_WIDTHS = [
  SIGNATURE_POSITION_WIDTH,
  SIGNATURE_WIDTH,
  Math.floor(CONTENT_WIDTH - SIGNATURE_POSITION_WIDTH - SIGNATURE_WIDTH),
] as const;

/** A caption under a line to write on: «підпис», «ім’я та прізвище». */
const caption = (
  text: string,
  extra: { alignment?: 'center'; fontSize?: number; margin?: Margins } = {},
): Content => ({
  text,
  fontSize: 7,
  style: 'muted',
  margin: [0, 1, 0, 0],
  ...extra,
});

/**
 * Signature lines, one under another (`regular`): the position, a line to sign on, and the name written above a
 * line of its own, as wide as the text area leaves it (a long name wraps over two lines, never cut: issue 33); or,
 * `compact` (the калькуляція, the chronometry act), side by side, each the position over the name written on the
 * line signed on, so a калькуляція of an ordinary service fits one page. The block is never split; a document keeps
 * it with its last figures (`closedTable`, or one unbreakable block with them).
 */
export function signatureBlock(
  lines: ReadonlyArray<{ position: string; name: string }>,
  spacing: 'regular' | 'compact' = 'regular',
): Content {
  if (spacing === 'compact') return compactSignatures(lines);
  const [, , nameWidth] = SIGNATURE_WIDTHS;
  return {
    unbreakable: true,
    margin: [0, SIGNATURE_TOP, 0, 0],
    stack: lines.map((line) => ({
      margin: [0, 0, 0, SIGNATURE_GAP],
      columns: [
        { text: line.position, width: SIGNATURE_POSITION_WIDTH, margin: [0, 10, 0, 0] },
        {
          width: SIGNATURE_WIDTH,
          stack: [
            { text: ' ', margin: [0, 10, 0, 0] },
            writingLine(SIGNATURE_WIDTH - 14),
            caption('підпис', { alignment: 'center', margin: [0, 1, 14, 0] }),
          ],
        },
        {
          width: nameWidth,
          stack: [
            { text: line.name || ' ', margin: [0, 10, 0, 0] },
            writingLine(nameWidth),
            caption('ім’я та прізвище'),
          ],
        },
      ],
    })),
  } as Content;
}

/** Gap between two signatures standing side by side, points. */
const COMPACT_SIGNATURE_GAP = 14;

/**
 * Signatures side by side: each its position, then the name printed at the right end of a line as wide as its
 * column, signed on beside it, captioned «підпис, ім’я та прізвище». A borderless table, so the lines of all
 * signers stand at one height however many lines a long name wraps over (the names sit on their lines).
 */
function compactSignatures(lines: ReadonlyArray<{ position: string; name: string }>): Content {
  const count = Math.max(1, lines.length);
  const width = Math.floor((CONTENT_WIDTH - COMPACT_SIGNATURE_GAP * (count - 1)) / count) - 1;
  const widths = lines.flatMap((_, index) =>
    index === 0 ? [width] : [COMPACT_SIGNATURE_GAP, width],
  );
  const none: [boolean, boolean, boolean, boolean] = [false, false, false, false];
  const rowOf = (cell: (line: { position: string; name: string }) => TableCell): TableCell[] =>
    lines.flatMap((line, index) => [
      ...(index === 0 ? [] : [{ text: '', border: none } as TableCell]),
      cell(line),
    ]);
  return {
    unbreakable: true,
    margin: [0, 5, 0, 0],
    layout: namedLayout('medcalcSignatures'),
    table: {
      widths,
      body: [
        rowOf((line) => ({ text: line.position, bold: true, fontSize: 8, border: none })),
        rowOf((line) => ({
          text: line.name || ' ',
          alignment: 'right',
          verticalAlignment: 'bottom',
          margin: [0, 4, 0, 0],
          border: [false, false, false, true],
        })),
        rowOf(() => ({
          text: 'підпис, ім’я та прізвище',
          fontSize: 6,
          style: 'muted',
          border: none,
        })),
      ],
    },
  } as Content;
}
