import type { Content, TableCell } from 'pdfmake/interfaces';
import { INVOICE_DOCUMENT } from '@medcalc/domain';
import type { InvoiceData, RequisiteLine } from '../build-invoice-data';
import {
  CONTENT_WIDTH,
  MARK_COLOR,
  TABLE_FONT_SIZE,
  amountCell,
  centredCell,
  dataTable,
  documentDefinition,
  headerCells,
  signedTable,
  tableWidths,
  totalRow,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

const COLUMNS = ['№', 'Найменування', 'Од.', 'К-сть', 'Ціна, грн', 'Сума, грн'];

/** A party of the invoice: its role on the left, its requisites line by line on the right. */
const partyBlock = (role: string, lines: readonly RequisiteLine[]): Content => ({
  margin: [0, 0, 0, 8],
  columns: [
    { text: role, bold: true, width: 90 },
    {
      width: CONTENT_WIDTH - 90,
      stack: lines.map((line) => ({
        text: [{ text: `${line.label}: `, style: 'muted' }, line.value],
      })),
    },
  ],
});

/**
 * Layout of the рахунок на оплату: title (and the demo note in red while the requisites are the demo's),
 * постачальник and платник, the fee table with the VAT row, the total in words, the purpose, the signature.
 */
export function invoiceLayout(data: InvoiceData): DocumentLayout {
  const body: TableCell[][] = [
    headerCells(COLUMNS),
    ...data.rows.map((row): TableCell[] => [
      centredCell(String(row.number)),
      row.name,
      centredCell(row.unit),
      centredCell(row.quantity),
      amountCell(row.price),
      amountCell(row.amount),
    ]),
    totalRow(COLUMNS.length, 'Разом', data.total),
    totalRow(COLUMNS.length, data.vatNote, '—', false),
    totalRow(COLUMNS.length, 'Всього до сплати', data.total),
  ];
  return documentDefinition(data.heading, INVOICE_DOCUMENT.title, [
    { text: data.title, style: 'documentTitle', margin: [0, 0, 0, data.demoNote ? 4 : 12] },
    ...(data.demoNote
      ? [
          {
            text: data.demoNote,
            color: MARK_COLOR,
            bold: true,
            alignment: 'center' as const,
            margin: [0, 0, 0, 10] as [number, number, number, number],
          },
        ]
      : []),
    partyBlock('Постачальник', data.provider),
    partyBlock('Платник', data.payer),
    // The last service, the totals, the sum in words, the purpose and the signature stand on one page (issue 33).
    signedTable(
      dataTable(
        { widths: tableWidths([20, '*', 44, 34, 60, 64]), body },
        { margin: [0, 6, 0, 0], fontSize: TABLE_FONT_SIZE + 0.5 },
      ),
      4,
      [data.signature],
      [
        [{ text: 'Всього на суму: ', bold: true }, data.totalInWords],
        `Призначення платежу: ${data.purpose}`,
      ],
    ),
  ]);
}
