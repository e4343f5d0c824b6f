import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo } from '@medcalc/domain';
import {
  WORKED_CONTENT,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import { buildOrderListData } from './build-order-list-data';
import { pricedSource } from './revision-fixtures';

const TAXABLE = { ...WORKED_CONTENT, vat: 'vat20' as const };

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

  it('has no price columns without VAT or rounding, so the list reads as it always did', () => {
    const data = buildOrderListData(workedExampleSource());
    expect(data.priceColumns).toEqual([]);
    expect(data.note).toBe('Ціни (тарифи) на платні медичні послуги, грн, без ПДВ');
    expect(data.categories[0]?.rows[0]?.price).toBeUndefined();
  });

  it('adds ПДВ and the tariff with it when a service is taxable, «без ПДВ» for the exempt ones', () => {
    const data = buildOrderListData(
      pricedSource(
        [
          { id: 7, categoryName: 'Довідки', name: 'Довідка', content: TAXABLE },
          { id: 8, categoryName: 'Довідки', name: 'УЗД', content: WORKED_CONTENT },
        ],
        'none',
      ),
    );
    expect(data.priceColumns).toEqual([
      { key: 'vat', title: 'ПДВ 20 %, грн' },
      { key: 'final', title: 'Тариф з ПДВ, грн' },
    ]);
    expect(data.note).toMatch(/ПДВ 20 % — для послуг, що не звільнені від оподаткування/);
    const [taxable, exempt] = data.categories[0]?.rows ?? [];
    expect(taxable?.tariff).toBe('279,84');
    expect(taxable?.price).toEqual({
      vat: '55,97',
      rounding: '0,00',
      final: '335,81',
      values: { vat: 55.97, rounding: 0, final: 335.81 },
    });
    expect(exempt?.price).toEqual({
      vat: 'без ПДВ',
      rounding: '0,00',
      final: '279,84',
      values: { vat: null, rounding: 0, final: 279.84 },
    });
  });

  it('adds the rounding and makes the last column the rounded tariff, each row adding up', () => {
    const taxable = buildOrderListData(
      pricedSource([{ id: 7, categoryName: null, name: 'Довідка', content: TAXABLE }], '0.50'),
    );
    expect(taxable.priceColumns.map((column) => column.title)).toEqual([
      'ПДВ 20 %, грн',
      'Округлення, грн',
      'Тариф з ПДВ, грн',
    ]);
    expect(taxable.note).toMatch(/; тарифи округлено до 0,50 грн$/);
    const row = taxable.categories[0]?.rows[0];
    expect([row?.tariff, row?.price?.vat, row?.price?.rounding, row?.price?.final]).toEqual([
      '279,84',
      '55,97',
      '0,19',
      '336,00',
    ]);
    // Тариф без ПДВ + ПДВ + Округлення = the final tariff.
    const values = row?.price?.values;
    expect(
      Math.round(((row?.values.tariff ?? 0) + (values?.vat ?? 0) + (values?.rounding ?? 0)) * 100),
    ).toBe(Math.round((values?.final ?? 0) * 100));

    const exempt = buildOrderListData(
      pricedSource([{ id: 8, categoryName: null, name: 'УЗД', content: WORKED_CONTENT }], '1.00'),
    );
    expect(exempt.priceColumns).toEqual([
      { key: 'rounding', title: 'Округлення, грн' },
      { key: 'final', title: 'Тариф, грн' },
    ]);
    expect(exempt.note).toBe(
      'Ціни (тарифи) на платні медичні послуги, грн, без ПДВ; тарифи округлено до 1,00 грн',
    );
    expect(exempt.categories[0]?.rows[0]?.price).toMatchObject({
      rounding: '0,16',
      final: '280,00',
      values: { vat: null, rounding: 0.16, final: 280 },
    });
  });

  it('prints «Редакція N» in the heading from the second revision on', () => {
    const source = workedExampleSource();
    expect(buildOrderListData(source).heading.revisionLabel).toBeNull();
    source.order.revision = 1;
    expect(buildOrderListData(source).heading.revisionLabel).toBeNull();
    source.order.revision = 3;
    expect(buildOrderListData(source).heading.revisionLabel).toBe('Редакція 3');
  });
});
