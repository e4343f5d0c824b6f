import type { TableCell } from 'pdfmake/interfaces';
import type { ChronometryData } from '../build-chronometry-data';
import {
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

const WIDTHS = tableWidths([20, '*', 120]);

/**
 * Layout of «Акт хронометражу» of one service: the title, the service (code, name, category), the institution and
 * the date, the staff lines with their minutes and the total, the statement, and the commission's signatures,
 * which stand on one page with the table's last rows (`signedTable`).
 */
export function chronometryLayout(data: ChronometryData): DocumentLayout {
  const columns = [data.columns.number, data.columns.position, data.columns.minutes];
  const body: TableCell[][] = [
    headerCells(columns),
    ...data.lines.map((line): TableCell[] => [
      centredCell(String(line.number)),
      line.position,
      amountCell(line.minutes),
    ]),
    totalRow(columns.length, data.total.label, data.total.minutes),
  ];
  return documentDefinition(data.heading, `${data.title} ${data.code}`, [
    { text: data.title, style: 'documentTitle' },
    { text: data.subtitle, alignment: 'center', margin: [0, 0, 0, 4] },
    {
      text: `${data.code} · ${data.serviceName}`,
      bold: true,
      fontSize: 11,
      alignment: 'center',
      margin: [20, 0, 20, 2],
    },
    { text: `Категорія: ${data.category}`, style: 'subtitle', margin: [0, 0, 0, 8] },
    {
      columns: [
        { text: data.institutionName, width: '*' },
        { text: `Дата: ${data.date}`, width: 'auto', alignment: 'right' },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 8],
    },
    signedTable(dataTable({ keepWithHeaderRows: 1, widths: WIDTHS, body }), 2, data.commission, [
      data.statement,
    ]),
  ]);
}
