import { describe, expect, it } from 'vitest';
import { compareRevisions } from '@medcalc/domain';
import { WORKED_SERVICE_NAME } from '../../../test/document-fixtures';
import { buildComparisonData } from './build-comparison-data';
import { REVISION_2_HEADING, comparisonSource, revision, side, WORKED } from './revision-fixtures';

describe('buildComparisonData', () => {
  it('titles the comparison with the two revisions under the later one’s heading', () => {
    const data = buildComparisonData(comparisonSource());
    expect(data.title).toBe('Порівняння тарифів: редакція 1 → редакція 2');
    expect(data.documentTitle).toBe('Порівняння тарифів');
    expect(data.heading).toMatchObject(REVISION_2_HEADING);
    expect([data.columns.before, data.columns.after]).toEqual(['Редакція 1', 'Редакція 2']);
    expect(data.workbook).toEqual({
      creator: 'medcalc',
      title: 'Порівняння тарифів — Платні послуги 2027',
      subject: 'Порівняння тарифів: редакція 1 → редакція 2',
      sheetName: 'Порівняння',
    });
  });

  it('prints each service’s cost and tariff before and after with Δ грн and a signed Δ %', () => {
    const data = buildComparisonData(comparisonSource());
    const print = (row: (typeof data.categories)[number]['rows'][number]) => [
      row.number,
      row.code,
      row.name,
      row.costBefore,
      row.costAfter,
      row.tariffBefore,
      row.tariffAfter,
      row.delta,
      row.deltaPercent,
    ];
    expect(data.categories.map((category) => [category.name, category.rows.map(print)])).toEqual([
      [
        'Ультразвукова діагностика',
        [
          [
            1,
            '00042',
            WORKED_SERVICE_NAME,
            '243,34',
            '243,34',
            '279,84',
            '336,00',
            '+56,16',
            '+20,07 %',
          ],
          [2, '00044', 'Стара послуга', '243,34', '—', '279,84', '—', '—', '—'],
        ],
      ],
      [
        'Консультації',
        [
          [
            3,
            '00043',
            'Консультація лікаря',
            '243,34',
            '243,34',
            '279,84',
            '280,00',
            '+0,16',
            '+0,06 %',
          ],
          [4, '00045', 'Нова послуга', '—', '243,34', '—', '280,00', '—', '—'],
        ],
      ],
    ]);
    expect(data.categories[0]?.rows[0]?.values).toEqual({
      costBefore: 243.34,
      costAfter: 243.34,
      tariffBefore: 279.84,
      tariffAfter: 336,
      delta: 56.16,
      deltaPercent: 20.07,
    });
    expect(data.categories[0]?.rows[1]?.values).toEqual({
      costBefore: 243.34,
      costAfter: null,
      tariffBefore: 279.84,
      tariffAfter: null,
      delta: null,
      deltaPercent: null,
    });
  });

  it('sums each category when there are several, and the order’s totals', () => {
    const data = buildComparisonData(comparisonSource());
    const print = (total: typeof data.total | null | undefined) =>
      total && [
        total.label,
        total.costBefore,
        total.costAfter,
        total.tariffBefore,
        total.tariffAfter,
        total.delta,
        total.deltaPercent,
      ];
    // Only the services calculated on both sides add up: «Стара послуга» (removed) and «Нова послуга» (added)
    // are listed without a Δ and left out of the sums, so the totals compare like with like.
    expect(data.categories.map((category) => print(category.subtotal))).toEqual([
      ['Разом за категорією', '243,34', '243,34', '279,84', '336,00', '+56,16', '+20,07 %'],
      ['Разом за категорією', '243,34', '243,34', '279,84', '280,00', '+0,16', '+0,06 %'],
    ]);
    // 56.32 / 559.68 = 10.0629… %
    expect(print(data.total)).toEqual([
      'Разом за замовленням',
      '486,68',
      '486,68',
      '559,68',
      '616,00',
      '+56,32',
      '+10,06 %',
    ]);
    expect(data.total.values.delta).toBe(56.32);
  });

  it('has no category subtotal with one category, and signs a fall and no change as they are', () => {
    const before = revision([WORKED], 'none');
    const after = revision([WORKED], 'none');
    const cheaper = after.source.services[0];
    if (!cheaper?.cost.price) throw new Error('no price');
    cheaper.cost = {
      ...cheaper.cost,
      price: { ...cheaper.cost.price, withVat: '270.00', tariff: '270.00' },
    };
    const data = buildComparisonData({
      after: after.source,
      beforeRevision: 4,
      afterRevision: 5,
      comparison: compareRevisions(side(before), side(after)),
    });
    expect(data.title).toBe('Порівняння тарифів: редакція 4 → редакція 5');
    expect(data.categories[0]?.subtotal).toBeNull();
    expect([data.categories[0]?.rows[0]?.delta, data.categories[0]?.rows[0]?.deltaPercent]).toEqual(
      ['\u22129,84', '\u22123,52 %'],
    );
    const same = buildComparisonData({
      after: before.source,
      beforeRevision: 1,
      afterRevision: 2,
      comparison: compareRevisions(side(before), side(before)),
    });
    expect([same.total.delta, same.total.deltaPercent]).toEqual(['0,00', '0,00 %']);
    expect(same.changes).toEqual([]);
    expect(same.noChanges).toBe('Вхідні дані калькуляцій не змінилися.');
  });

  it('lists what changed, naming the services unless a change touches all of them', () => {
    const source = comparisonSource();
    source.comparison.changes.push(
      {
        kind: 'salary',
        text: 'Лікар: оклад 20 000,00 → 22 000,00 грн',
        services: [WORKED_SERVICE_NAME, 'Стара послуга', 'Консультація лікаря', 'Нова послуга'],
      },
      {
        kind: 'material',
        text: 'Гель: 0,34 → 0,40 грн/мл',
        services: [WORKED_SERVICE_NAME, 'Нова послуга'],
      },
    );
    const data = buildComparisonData(source);
    expect(data.changesTitle).toBe('Що змінилося');
    expect(data.changes).toEqual([
      'Округлення тарифу: Без округлення (до копійки) → До 1,00 грн',
      `ПДВ: Звільнено від ПДВ (п. 197.1.5 ПКУ) → ПДВ 20 % (${WORKED_SERVICE_NAME})`,
      'Послугу вилучено із замовлення (не входить у підсумок порівняння) (Стара послуга)',
      'Лікар: оклад 20 000,00 → 22 000,00 грн',
      `Гель: 0,34 → 0,40 грн/мл (${WORKED_SERVICE_NAME}, Нова послуга)`,
    ]);
    expect(data.noChanges).toBeNull();
  });

  it('signs by the head and the chief accountant', () => {
    expect(buildComparisonData(comparisonSource()).signatures).toEqual([
      { position: 'Керівник закладу', name: 'Петренко Ольга Іванівна' },
      { position: 'Головний бухгалтер', name: 'Коваль Ірина Степанівна' },
    ]);
  });
});
