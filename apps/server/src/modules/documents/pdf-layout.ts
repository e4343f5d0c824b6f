import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type {
  Content,
  ContentTable,
  CustomTableLayout,
  DynamicContent,
  Margins,
  StyleDictionary,
  Table,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import type { DocumentHeading } from './document-source';

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

/**
 * DejaVu Sans from the npm package `dejavu-fonts-ttf`: a free font with the whole Ukrainian alphabet (і, ї, є, ґ,
 * the apostrophe) whose files ship in node_modules, so every machine renders the same glyphs and no system font is
 * needed. The path is resolved from the package, never written down; pdfmake embeds only the glyphs a document
 * uses.
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONT_FAMILY = 'DejaVuSans';
const FONT_FILES = {
  normal: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italics: 'DejaVuSans-Oblique.ttf',
  bolditalics: 'DejaVuSans-BoldOblique.ttf',
} as const;

// The font files are read once per thread that lays out PDFs (the server's, or each worker of the document pool,
// document-pool.ts), into pdfmake's in-memory file system: no document reads them from disk again.
// (pdfmake 0.3's `virtualfs` is missing from its types.)
const { virtualfs } = pdfmake as unknown as {
  virtualfs: { writeFileSync(file: string, content: Buffer): void };
};
for (const file of Object.values(FONT_FILES)) {
  virtualfs.writeFileSync(file, readFileSync(path.join(FONT_DIR, file)));
}
pdfmake.setFonts({ [FONT_FAMILY]: FONT_FILES });
// Documents are built from stored text only: pdfmake may read the font files and nothing else, and fetch no URL
// (an image or font URL in a name could otherwise make the server fetch it).
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONT_DIR + path.sep));

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

/*
 * Table layouts by name. A document's layout travels to a worker thread of the document pool (document-pool.ts) by
 * structured clone, which copies data, not functions: tables name a layout registered here (in every thread that
 * imports this module) instead of carrying pdfmake's callbacks.
 */
const TABLE_LAYOUTS: Record<'medcalcTable' | 'medcalcMark', CustomTableLayout> = {
  /** Thin grey rules around every cell, a little padding: the look of a printed accounting table. */
  medcalcTable: {
    hLineWidth: () => 0.5,
    vLineWidth: () => 0.5,
    hLineColor: () => RULE_COLOR,
    vLineColor: () => RULE_COLOR,
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: () => 2,
    paddingBottom: () => 2,
  },
  /** The frame of the «НЕ ПОГОДЖЕНО» mark on the title page: thick red rules. */
  medcalcMark: {
    hLineWidth: () => 1.5,
    vLineWidth: () => 1.5,
    hLineColor: () => MARK_COLOR,
    vLineColor: () => MARK_COLOR,
  },
};
pdfmake.addTableLayouts(TABLE_LAYOUTS);

/**
 * A table's `layout` by the name of a registered layout. pdfmake looks a string up among its table layouts; its
 * types know only the built-in names, hence the cast.
 */
const namedLayout = (name: keyof typeof TABLE_LAYOUTS) => name as unknown as CustomTableLayout;

/** The house table look (thin grey rules, a little padding), by name. */
export const TABLE_LAYOUT = namedLayout('medcalcTable');
/** The title page's red frame around the «НЕ ПОГОДЖЕНО» mark, by name. */
export const MARK_LAYOUT = namedLayout('medcalcMark');

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
 * and rows never split across pages unless `table` says otherwise; `box` sets its margin or another font size.
 */
export const dataTable = (
  table: Table,
  box: { margin?: Margins; fontSize?: number } = {},
): ContentTable => ({
  fontSize: TABLE_FONT_SIZE,
  ...box,
  layout: TABLE_LAYOUT,
  table: { headerRows: 1, dontBreakRows: true, ...table },
});

/** A category or service heading row: bold on a light fill. */
export const groupRow = (columns: number, text: string) =>
  spanningRow(columns, { text, bold: true, fillColor: GROUP_FILL });

/** Left and right padding of a table cell (TABLE_LAYOUT), and the width of its rules, points. */
const CELL_PADDING = 3;
const RULE_WIDTH = 0.5;

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
    defaultStyle: { font: FONT_FAMILY, fontSize: 9, lineHeight: 1.15 },
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

/**
 * The signature of the «ЗАТВЕРДЖУЮ» block (title page, калькуляція): a line to sign on captioned «підпис», and the
 * head's name (or a blank to write it by hand) over a line captioned «ім’я та прізвище».
 */
export function approvalSignature(name: string): Content {
  return {
    columns: [
      {
        width: 100,
        stack: [
          { text: ' ' },
          { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 95, y2: 0, lineWidth: 0.5 }] },
          { text: 'підпис', fontSize: 7, style: 'muted', alignment: 'center' },
        ],
      },
      {
        width: 124,
        stack: [
          { text: name || ' ' },
          { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 125, y2: 0, lineWidth: 0.5 }] },
          { text: 'ім’я та прізвище', fontSize: 7, style: 'muted' },
        ],
      },
    ],
    columnGap: 6,
  };
}

/**
 * How tight signature lines stand: `regular` under a document's last table, `compact` on the калькуляція (one row
 * each, so a калькуляція of a few lines fits one page).
 */
const SIGNATURE_SPACING = {
  regular: {
    top: 28,
    gap: 18,
    lineTop: 10,
    captionSize: 7,
    captionTop: 1,
    nameWidth: CONTENT_WIDTH - 150 - 140,
  },
  compact: { top: 10, gap: 2, lineTop: 4, captionSize: 6.5, captionTop: 0, nameWidth: '*' },
} as const;

/** Signature lines: the position, a line to sign on, and the name written above a line of its own. */
export function signatureBlock(
  lines: ReadonlyArray<{ position: string; name: string }>,
  spacing: keyof typeof SIGNATURE_SPACING = 'regular',
): Content {
  const { top, gap, lineTop, captionSize, captionTop, nameWidth } = SIGNATURE_SPACING[spacing];
  return {
    unbreakable: true,
    margin: [0, top, 0, 0],
    stack: lines.map((line) => ({
      margin: [0, 0, 0, gap],
      columns: [
        { text: line.position, width: 150, margin: [0, lineTop, 0, 0] },
        {
          width: 140,
          stack: [
            { text: ' ', margin: [0, lineTop, 0, 0] },
            { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 130, y2: 0, lineWidth: 0.5 }] },
            {
              text: 'підпис',
              fontSize: captionSize,
              style: 'muted',
              alignment: 'center',
              margin: [0, captionTop, 10, 0],
            },
          ],
        },
        {
          width: nameWidth,
          stack: [
            { text: line.name || ' ', margin: [0, lineTop, 0, 0] },
            { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 180, y2: 0, lineWidth: 0.5 }] },
            {
              text: 'ім’я та прізвище',
              fontSize: captionSize,
              style: 'muted',
              margin: [0, captionTop, 0, 0],
            },
          ],
        },
      ],
    })),
  } as Content;
}

/**
 * Lays a document out and returns the bytes of its PDF, in the calling thread. The server does this through the
 * document pool (document-pool.ts), whose workers call this same function. `onPage` hears each page as it is laid
 * out.
 */
export async function renderPdf(
  layout: DocumentLayout,
  onPage?: (page: number) => void,
): Promise<Buffer> {
  const definition = toPdfmake(layout);
  // pdfmake asks for a page's background as it adds the page while laying out: the one moment a rendering can
  // tell how far it has come (issue 24's job progress). No background is drawn.
  if (onPage) definition.background = (page: number) => (onPage(page), null);
  return pdfmake.createPdf(definition).getBuffer();
}
