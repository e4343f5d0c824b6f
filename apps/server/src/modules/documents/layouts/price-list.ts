import type { PriceListData } from '../build-price-list-data';
import {
  tableWidths,
  amountCell,
  centredCell,
  dataTable,
  documentDefinition,
  headerCells,
  titleBlock,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

/** Layout of «Прейскурант використаних матеріалів»: one table, its headings repeated on every page. */
export function priceListLayout(data: PriceListData): DocumentLayout {
  return documentDefinition(data.heading, data.title, [
    ...titleBlock(data.title, 'Ціни матеріалів, з якими розраховано калькуляції замовлення'),
    data.rows.length === 0
      ? { text: 'Матеріали в калькуляціях замовлення не використовуються.', style: 'muted' }
      : dataTable({
          widths: tableWidths([24, '*', 90, 90]),
          body: [
            headerCells(['№', 'Найменування матеріалу', 'Одиниця виміру', 'Ціна за одиницю, грн']),
            ...data.rows.map((row) => [
              centredCell(String(row.number)),
              row.name,
              centredCell(row.unit),
              amountCell(row.price),
            ]),
          ],
        }),
  ]);
}
