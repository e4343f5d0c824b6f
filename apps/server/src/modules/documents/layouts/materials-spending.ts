import type { Content, TableCell } from 'pdfmake/interfaces';
import type { MaterialsSpendingData, SpendingService } from '../build-materials-spending-data';
import {
  MUTED_TEXT,
  tableWidths,
  amountCell,
  centredCell,
  dataTable,
  documentDefinition,
  groupRow,
  headerCells,
  spanningRow,
  titleBlock,
  totalRow,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

const COLUMNS = ['№', 'Матеріал', 'Од. виміру', 'Кількість', 'Ціна, грн', 'Сума, грн'];
const WIDTHS = tableWidths([20, '*', 50, 48, 64, 70]);

/**
 * One service: its code and name as the first heading row (repeated with the column headings when the table runs
 * onto the next page), its lines, and its total.
 */
function serviceTable(service: SpendingService): Content {
  const lines: TableCell[][] =
    service.lines.length === 0
      ? [spanningRow(COLUMNS.length, { text: 'Матеріали не використовуються', color: MUTED_TEXT })]
      : service.lines.map((line) => [
          centredCell(String(line.number)),
          line.name,
          centredCell(line.unit),
          amountCell(line.quantity),
          amountCell(line.price),
          amountCell(line.sum),
        ]);
  return dataTable(
    {
      headerRows: 2,
      keepWithHeaderRows: 1,
      widths: WIDTHS,
      body: [
        groupRow(COLUMNS.length, `${service.code} · ${service.name}`),
        headerCells(COLUMNS),
        ...lines,
        totalRow(COLUMNS.length, 'Разом матеріалів за послугою', service.total),
      ],
    },
    { margin: [0, 0, 0, 10] },
  );
}

/** Layout of «Витрати використаних матеріалів»: per category a heading, per service a table. */
export function materialsSpendingLayout(data: MaterialsSpendingData): DocumentLayout {
  const body: Content[] = data.categories.flatMap((category): Content[] => [
    { text: category.name, style: 'sectionTitle' },
    ...category.services.map(serviceTable),
  ]);
  return documentDefinition(data.heading, data.title, [
    ...titleBlock(data.title, 'Матеріали, списані на одну послугу, за калькуляціями замовлення'),
    ...body,
    {
      margin: [0, 6, 0, 0],
      columns: [
        { text: 'Разом матеріалів за всіма послугами замовлення, грн', bold: true },
        { text: data.grandTotal, bold: true, alignment: 'right', width: 'auto' },
      ],
    },
  ]);
}
