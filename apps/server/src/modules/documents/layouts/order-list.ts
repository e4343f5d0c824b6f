import type { TableCell } from 'pdfmake/interfaces';
import type { OrderListData } from '../build-order-list-data';
import {
  LANDSCAPE_CONTENT_WIDTH,
  tableWidths,
  amountCell,
  centredCell,
  dataTable,
  documentDefinition,
  groupRow,
  headerCells,
  signedTable,
  titleBlock,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

const COLUMNS = [
  '№',
  'Код',
  'Назва послуги',
  'Собівартість, грн',
  'Рентабельність, %',
  'Тариф без ПДВ, грн',
];
const WIDTHS = [20, 34, '*', 70, 80, 72] as const;
/** With price columns the page turns landscape, so the service's name keeps a readable width. */
const PRICED_WIDTHS = [20, 34, '*', 70, 70, 72] as const;
const PRICE_COLUMN_WIDTH = { vat: 66, rounding: 62, final: 72 } as const;

/**
 * Layout of the прейскурант: one table with a heading row per category, then the signature lines, kept on one
 * page with the table's last rows. An order with
 * VAT or rounding has its price columns after «Тариф без ПДВ» (the last, the final tariff, in bold) on landscape
 * pages; without them the list is portrait as it always was.
 */
export function orderListLayout(data: OrderListData): DocumentLayout {
  const priced = data.priceColumns.length > 0;
  const columns = [...COLUMNS, ...data.priceColumns.map((column) => column.title)];
  const body: TableCell[][] = [headerCells(columns)];
  for (const category of data.categories) {
    body.push(groupRow(columns.length, category.name));
    for (const row of category.rows) {
      const price = row.price;
      body.push([
        centredCell(String(row.number)),
        centredCell(row.code),
        row.name,
        amountCell(row.cost),
        amountCell(row.profitability),
        amountCell(row.tariff, !priced),
        ...data.priceColumns.map((column) =>
          price
            ? column.key === 'vat' && price.values.vat === null
              ? centredCell(price.vat)
              : amountCell(price[column.key], column.key === 'final')
            : amountCell(''),
        ),
      ]);
    }
  }
  const widths = priced
    ? tableWidths(
        [...PRICED_WIDTHS, ...data.priceColumns.map((column) => PRICE_COLUMN_WIDTH[column.key])],
        LANDSCAPE_CONTENT_WIDTH,
      )
    : tableWidths(WIDTHS);
  return documentDefinition(
    data.heading,
    data.title,
    [
      ...titleBlock(data.title, data.note),
      // The last two rows (the last service, or its category's heading with it) and the signatures stand on one
      // page (issue 33): when they do not fit they start the next one together, under the repeated heading.
      signedTable(dataTable({ keepWithHeaderRows: 1, widths, body }), 2, data.signatures),
    ],
    priced ? 'landscape' : 'portrait',
  );
}
