import type { Content } from 'pdfmake/interfaces';
import type { TitleData } from '../build-title-data';
import { MARK_LAYOUT, approvalSignature, documentDefinition } from './pdf-layout';
import type { DocumentLayout } from './pdf-layout';

/** Width of the «ЗАТВЕРДЖУЮ» block: the head's full name takes all of it but the signature, wrapping if long. */
const APPROVAL_WIDTH = 250;

/** Layout of the title page: the «ЗАТВЕРДЖУЮ» block top right, the mark, then the centred title block. */
export function titleLayout(data: TitleData): DocumentLayout {
  const approval: Content = {
    columns: [
      { width: '*', text: '' },
      {
        width: APPROVAL_WIDTH,
        stack: [
          { text: data.approval.caption, bold: true, fontSize: 11, margin: [0, 0, 0, 6] },
          { text: data.approval.position },
          { text: data.institutionName, fontSize: 8.5, margin: [0, 0, 0, 14] },
          approvalSignature(data.approval.name, APPROVAL_WIDTH),
          { text: data.approval.dateLine, margin: [0, 12, 0, 0] },
        ],
      },
    ],
  };

  const mark: Content[] = data.notApprovedMark
    ? [
        {
          margin: [0, 24, 0, 0],
          columns: [
            { width: '*', text: '' },
            {
              width: 'auto',
              table: {
                body: [
                  [
                    {
                      text: data.notApprovedMark,
                      style: 'mark',
                      fontSize: 13,
                      margin: [10, 4, 10, 2],
                    },
                  ],
                ],
              },
              layout: MARK_LAYOUT,
            },
            { width: '*', text: '' },
          ],
        },
      ]
    : [];

  const body: Content = {
    margin: [0, data.notApprovedMark ? 70 : 120, 0, 0],
    alignment: 'center',
    stack: [
      { text: data.institutionName, bold: true, fontSize: 15, margin: [20, 0, 20, 6] },
      { text: `Код ЄДРПОУ: ${data.institutionCode}`, fontSize: 10 },
      { text: `Адреса: ${data.address}`, fontSize: 9, style: 'muted', margin: [40, 4, 40, 0] },
      { text: data.title, bold: true, fontSize: 20, margin: [10, 70, 10, 24] },
      {
        text: `Замовлення № ${data.orderNumber} «${data.orderName}»`,
        fontSize: 13,
        margin: [20, 0, 20, 8],
      },
      { text: `Дата замовлення: ${data.orderDate}`, fontSize: 10 },
      { text: `Кількість послуг: ${data.serviceCount}`, fontSize: 10, margin: [0, 4, 0, 0] },
    ],
  };

  return documentDefinition(data.heading, 'Титульна сторінка', [approval, ...mark, body]);
}
