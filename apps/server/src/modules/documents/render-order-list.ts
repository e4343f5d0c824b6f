import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { OrderListData } from './build-order-list-data';
import {
  TABLE_FONT_SIZE,
  TABLE_LAYOUT,
  tableWidths,
  amountCell,
  centredCell,
  documentDefinition,
  groupRow,
  headerCells,
  signatureBlock,
  titleBlock,
} from './pdf-layout';

const COLUMNS = [
  '№',
  'Код',
  'Назва послуги',
  'Собівартість, грн',
  'Рентабельність, %',
  'Тариф без ПДВ, грн',
];

/** Layout of the прейскурант: one table with a heading row per category, then the signature lines. */
export function renderOrderList(data: OrderListData): TDocumentDefinitions {
  const body: TableCell[][] = [headerCells(COLUMNS)];
  for (const category of data.categories) {
    body.push(groupRow(COLUMNS.length, category.name));
    for (const row of category.rows) {
      body.push([
        centredCell(String(row.number)),
        centredCell(row.code),
        row.name,
        amountCell(row.cost),
        amountCell(row.profitability),
        amountCell(row.tariff, true),
      ]);
    }
  }
  return documentDefinition(data.heading, data.title, [
    ...titleBlock(data.title, data.note),
    {
      fontSize: TABLE_FONT_SIZE,
      layout: TABLE_LAYOUT,
      table: {
        headerRows: 1,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: tableWidths([20, 34, '*', 70, 80, 72]),
        body,
      },
    },
    signatureBlock(data.signatures),
  ]);
}
