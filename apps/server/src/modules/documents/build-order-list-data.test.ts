import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo } from '@medcalc/domain';
import {
  WORKED_CONTENT,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import { buildOrderListData } from './build-order-list-data';

describe('buildOrderListData', () => {
  it('prints the worked example’s code, cost 243,34, profitability and tariff 279,84', () => {
    const data = buildOrderListData(workedExampleSource());
    expect(data.title).toBe('Перелік послуг, що калькулюються');
    expect(data.note).toMatch(/без ПДВ/);
    expect(data.categories).toEqual([
      {
        name: 'Ультразвукова діагностика',
        rows: [
          {
            number: 1,
            code: '00042',
            name: WORKED_SERVICE_NAME,
            cost: '243,34',
            profitability: '15,00',
            tariff: '279,84',
            values: { cost: 243.34, profitability: 15, tariff: 279.84 },
          },
        ],
      },
    ]);
  });

  it('groups by category in order of first appearance and numbers the rows across the list', () => {
    const data = buildOrderListData(
      documentSource([
        { id: 7, categoryName: 'УЗД', name: 'Перша', content: WORKED_CONTENT },
        { id: 8, categoryName: null, name: 'Друга', content: { ...WORKED_CONTENT, profit: 12.5 } },
        { id: 9, categoryName: 'УЗД', name: 'Третя', content: WORKED_CONTENT },
      ]),
    );
    expect(
      data.categories.map((category) => [
        category.name,
        category.rows.map((row) => [row.number, row.code, row.name]),
      ]),
    ).toEqual([
      [
        'УЗД',
        [
          [1, '00007', 'Перша'],
          [2, '00009', 'Третя'],
        ],
      ],
      ['Без категорії', [[3, '00008', 'Друга']]],
    ]);
    expect(data.categories[1]?.rows[0]?.profitability).toBe('12,50');
  });

  it('prints the stored cost and tariff, not a recomputation', () => {
    const source = workedExampleSource();
    const [service] = source.services;
    if (!service) throw new Error('fixture changed');
    service.cost = { ...service.cost, summary: '1234.5', summaryWithProfit: '1419.68' };
    const [row] = buildOrderListData(source).categories[0]?.rows ?? [];
    expect(row?.cost).toBe('1\u00a0234,50');
    expect(row?.tariff).toBe('1\u00a0419,68');
  });

  it('has signature lines for the head and the chief accountant, named when known', () => {
    expect(buildOrderListData(workedExampleSource()).signatures).toEqual([
      { position: 'Керівник закладу', name: 'Петренко Ольга Іванівна' },
      { position: 'Головний бухгалтер', name: 'Коваль Ірина Степанівна' },
    ]);
    expect(
      buildOrderListData(workedExampleSource({ info: emptyCompanyInfo() })).signatures.map(
        (line) => line.name,
      ),
    ).toEqual(['', '']);
  });
});
