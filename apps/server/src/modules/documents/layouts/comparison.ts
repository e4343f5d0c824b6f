import type { Content, ContentTable, TableCell } from 'pdfmake/interfaces';
import type { ComparisonAmounts, ComparisonData, ComparisonTotal } from '../build-comparison-data';
import {
  LANDSCAPE_CONTENT_WIDTH,
  MUTED_TEXT,
  centredCell,
  dataTable,
  documentDefinition,
  groupRow,
  signedTable,
  spanningRow,
  tableWidths,
  titleBlock,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

/** №, code, service, cost before/after, tariff before/after, Δ грн, Δ %: nine columns, so the pages are landscape. */
const WIDTHS = tableWidths([20, 36, '*', 66, 66, 66, 66, 62, 56], LANDSCAPE_CONTENT_WIDTH);
const COLUMN_COUNT = WIDTHS.length;
const TOTAL_FILL = '#f6f7f9';

/** A heading cell (the look of `headerCells`), spanning rows or columns where the heading is in two rows. */
const heading = (text: string, span: { rowSpan?: number; colSpan?: number } = {}): TableCell => ({
  text,
  style: 'tableHeader',
  ...span,
});

/** The two heading rows: the six amounts grouped under cost, tariff and its change, the revisions below. */
function headingRows(data: ComparisonData): TableCell[][] {
  const { columns } = data;
  return [
    [
      heading(columns.number, { rowSpan: 2 }),
      heading(columns.code, { rowSpan: 2 }),
      heading(columns.service, { rowSpan: 2 }),
      heading(columns.cost, { colSpan: 2 }),
      {},
      heading(columns.tariff, { colSpan: 2 }),
      {},
      heading(columns.delta, { colSpan: 2 }),
      {},
    ],
    [
      {},
      {},
      {},
      heading(columns.before),
      heading(columns.after),
      heading(columns.before),
      heading(columns.after),
      heading(columns.deltaAmount),
      heading(columns.deltaPercent),
    ],
  ];
}

/** The six amounts of a line, right-aligned; the tariff after in bold, and all of them on a totals line. */
const amountCells = (amounts: ComparisonAmounts, total = false): TableCell[] =>
  [
    amounts.costBefore,
    amounts.costAfter,
    amounts.tariffBefore,
    amounts.tariffAfter,
    amounts.delta,
    amounts.deltaPercent,
  ].map((text, index) => ({
    text,
    alignment: 'right' as const,
    bold: total || index === 3,
    ...(total ? { fillColor: TOTAL_FILL } : {}),
  }));

/** A totals line: its label across №, code and service, then its sums, on a light fill. */
const totalRow = (total: ComparisonTotal): TableCell[] => [
  ...spanningRow(3, { text: total.label, bold: true, alignment: 'right', fillColor: TOTAL_FILL }),
  ...amountCells(total, true),
];

/**
 * Layout of «Порівняння тарифів»: landscape A4 under the common heading, the title with the two revisions and the
 * note, «Що змінилося» as a list, per category a table (its name and the two rows of column headings repeated on
 * every page, the services, the category's subtotal; the last table ends with the order's total and the signature
 * lines, kept on one page with its last rows).
 */
export function comparisonLayout(data: ComparisonData): DocumentLayout {
  const last = data.categories.length - 1;
  const tables: ContentTable[] = data.categories.map((category, index) => {
    const body: TableCell[][] = [
      ...headingRows(data),
      ...category.rows.map((row): TableCell[] => [
        centredCell(String(row.number)),
        centredCell(row.code),
        row.name,
        ...amountCells(row),
      ]),
      ...(category.subtotal ? [totalRow(category.subtotal)] : []),
      ...(index === last ? [totalRow(data.total)] : []),
    ];
    // The category's name is the first heading row, repeated with the column headings on every page it spans.
    return dataTable(
      {
        headerRows: 3,
        keepWithHeaderRows: 1,
        widths: WIDTHS,
        body: [groupRow(COLUMN_COUNT, category.name), ...body],
      },
      { margin: [0, 0, 0, 10] },
    );
  });
  if (data.categories.length === 0) {
    tables.push(
      dataTable({
        headerRows: 2,
        dontBreakRows: false,
        widths: WIDTHS,
        body: [
          ...headingRows(data),
          spanningRow(COLUMN_COUNT, { text: 'Послуг немає', color: MUTED_TEXT }),
          totalRow(data.total),
        ],
      }),
    );
  }

  // The changes stand above the table, so what closes the document is the table's last rows with the signatures
  // (issue 33): the last service, the subtotal and the order's total start the next page with the signatures when
  // they do not all fit; a long list of changes can then never push the signatures onto a page of their own.
  const changes: Content[] = [
    { text: data.changesTitle, style: 'sectionTitle', margin: [0, 0, 0, 4] },
    data.noChanges
      ? { text: data.noChanges, style: 'muted', margin: [0, 0, 0, 10] }
      : { ul: data.changes, fontSize: 8.5, margin: [6, 0, 0, 10] },
  ];
  const lastCategory = data.categories.at(-1);
  const kept = lastCategory ? 2 + (lastCategory.subtotal ? 1 : 0) : 2;
  const lastTable = tables.pop();
  if (lastTable) tables.push(signedTable(lastTable, kept, data.signatures));

  return documentDefinition(
    data.heading,
    data.documentTitle,
    [...titleBlock(data.title, data.note), ...changes, ...tables],
    'landscape',
  );
}
