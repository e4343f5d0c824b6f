import type { Content } from 'pdfmake/interfaces';
import type { CompanyInfoData, DerivedFigure } from '../build-company-info-data';
import {
  TABLE_FONT_SIZE,
  TABLE_LAYOUT,
  tableWidths,
  amountCell,
  dataTable,
  documentDefinition,
  headerCells,
  titleBlock,
} from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

const figuresTable = (title: string, rows: readonly DerivedFigure[]): Content[] => [
  { text: title, style: 'sectionTitle' },
  dataTable({
    widths: tableWidths([150, '*', 78]),
    body: [
      headerCells(['Показник', 'Формула', 'Значення']),
      ...rows.map((row) => [
        { text: row.label },
        { text: row.formula, fontSize: 7.5 },
        amountCell(row.value),
      ]),
    ],
  }),
];

/** Layout of «Інформація про заклад»: a two-column table per section, then the derived figures. */
export function companyInfoLayout(data: CompanyInfoData): DocumentLayout {
  const sections: Content[] = data.sections.flatMap((section): Content[] => [
    { text: section.title, style: 'sectionTitle' },
    {
      fontSize: TABLE_FONT_SIZE + 0.5,
      layout: TABLE_LAYOUT,
      table: {
        dontBreakRows: true,
        widths: tableWidths(section.numeric ? ['*', 110] : [190, '*']),
        body: section.rows.map((row) => [
          { text: row.label },
          section.numeric ? amountCell(row.value) : { text: row.value },
        ]),
      },
    },
  ]);
  return documentDefinition(data.heading, data.title, [
    ...titleBlock(data.title, 'Дані закладу, з якими розраховано калькуляції замовлення'),
    ...sections,
    ...figuresTable(data.coefficients.title, data.coefficients.rows),
    ...figuresTable(data.bedDay.title, data.bedDay.rows),
  ]);
}
