import { describe, expect, it } from 'vitest';
import {
  DEFAULT_APPROVAL_SETTINGS,
  compareRevisions,
  WORKED_EXAMPLE_EQUIPMENT_COST,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  type CalculationContent,
} from '@medcalc/domain';
import { WORKED_CONTENT, workedService } from '../../../test/document-fixtures';
import { buildApprovalPackageData } from './build-approval-package-data';
import { buildComparisonData } from './build-comparison-data';
import { buildOrderListData } from './build-order-list-data';
import { buildServiceCostingData } from './build-service-costing-data';
import { documentLines } from './document-requests';
import { serviceCostingLayout } from './layouts/service-costing';
import { pagesOf, squeeze, zipEntriesOf } from './read-back';
import { renderApprovalDocx } from './render-approval-docx';
import { renderPdf } from './render-pdf';
import { pricedSource, revision, side } from './revision-fixtures';

/*
 * Equipment on paper (issue 38; docs/methodology.md "Equipment depreciation"): the калькуляція of the worked example
 * with its scanner and printer lists the lines with V, S, N, T, the cost of a minute, the minutes and the line, and
 * adds «Амортизація обладнання» D to the собівартість; a service without equipment prints as it always did.
 */

const WITH_EQUIPMENT: CalculationContent = {
  ...WORKED_CONTENT,
  equipment: [...WORKED_EXAMPLE_EQUIPMENT_LINES],
};

const costingOf = (content: CalculationContent) => {
  const source = pricedSource([workedService(content)], 'none');
  const [calculated] = source.services;
  if (!calculated) throw new Error('no service');
  return { source, data: buildServiceCostingData(source, calculated) };
};

describe('the калькуляція of a service with equipment', () => {
  it('lists each equipment line with V, S, N, T, the cost of a minute, the minutes and the stored sum', () => {
    const { data, source } = costingOf(WITH_EQUIPMENT);
    // What Calculate stores is the domain's worked example to the kopeck.
    expect(source.services[0]?.cost.equipmentLines).toEqual(
      WORKED_EXAMPLE_EQUIPMENT_COST.equipmentLines,
    );
    expect(data.equipment?.lines.map(({ values: _values, ...printed }) => printed)).toEqual([
      {
        number: 1,
        name: 'Ультразвуковий сканер',
        firstCost: '1\u00a0200\u00a0000,00',
        residualValue: '0,00',
        usefulLifeYears: '5',
        hoursPerYear: '1\u00a0940,4',
        minuteRate: '2,0614',
        minutes: '20',
        sum: '41,23',
      },
      {
        number: 2,
        name: 'Принтер для УЗД-знімків',
        firstCost: '18\u00a0000,00',
        residualValue: '2\u00a0000,00',
        usefulLifeYears: '4',
        hoursPerYear: '1\u00a0500',
        minuteRate: '0,0444',
        minutes: '20',
        sum: '0,89',
      },
    ]);
    expect(data.equipment?.lines[0]?.values.minuteRate).toBeCloseTo(2.0614306, 7);
    expect(data.equipment?.total).toBe('42,12');
  });

  it('adds «Амортизація обладнання» after the materials and counts it in the собівартість', () => {
    const { data } = costingOf(WITH_EQUIPMENT);
    expect(data.rows.map((row) => [row.number, row.label, row.formula, row.value])).toEqual([
      [1, 'Основна заробітна плата', 'L = Σ рядків персоналу', '131,72'],
      [2, 'Додаткова заробітна плата (відпустки)', 'A = L × коефіцієнт відпусток', '10,54'],
      [3, 'Єдиний соціальний внесок (ЄСВ)', 'E = (L + A) × ставка ЄСВ / 100', '31,30'],
      [4, 'Матеріали, витратні засоби', 'M = Σ (ціна × кількість)', '25,40'],
      [5, 'Амортизація обладнання', 'D = Σ рядків обладнання', '42,12'],
      [
        6,
        'Накладні витрати',
        'OH = L × K; K = (пул накладних × частка медичної площі + інші прямі витрати) / ФОП медперсоналу',
        '44,38',
      ],
      [7, 'Собівартість послуги', 'C = L + A + E + M + D + OH', '285,46'],
      [8, 'Прибуток', 'P = C × R / 100', '42,82'],
      [9, 'Тариф (ціна) без ПДВ', 'Тариф = C + P', '328,28'],
    ]);
    expect(data.rows.filter((row) => row.total).map((row) => row.value)).toEqual([
      '285,46',
      '328,28',
    ]);
  });

  it('has no equipment table and no D row for a service without equipment, or with an empty list', () => {
    for (const content of [WORKED_CONTENT, { ...WORKED_CONTENT, equipment: [] }]) {
      const { data } = costingOf(content);
      expect(data.equipment).toBeNull();
      expect(data.rows.map((row) => row.role)).toEqual([
        'labour',
        'additional',
        'esv',
        'materials',
        'overhead',
        'cost',
        'profit',
        'tariff',
      ]);
      expect(data.rows.find((row) => row.role === 'cost')?.formula).toBe('C = L + A + E + M + OH');
    }
  });

  it('leaves out a line with no register row, no name and no cost, as it leaves out an empty material', () => {
    const empty = {
      id: null,
      name: ' ',
      firstCost: 1,
      residualValue: 0,
      usefulLifeYears: 1,
      hoursPerYear: 1,
      minutes: 0,
    };
    expect(costingOf({ ...WORKED_CONTENT, equipment: [empty] }).data.equipment).toBeNull();
    const { data } = costingOf({
      ...WORKED_CONTENT,
      equipment: [empty, ...WORKED_EXAMPLE_EQUIPMENT_LINES],
    });
    expect(data.equipment?.lines.map((line) => [line.number, line.name, line.sum])).toEqual([
      [1, 'Ультразвуковий сканер', '41,23'],
      [2, 'Принтер для УЗД-знімків', '0,89'],
    ]);
    expect(data.equipment?.total).toBe('42,12');
  });

  it('refuses stored results whose equipment lines do not match the content', () => {
    const { source } = costingOf(WITH_EQUIPMENT);
    const [calculated] = source.services;
    if (!calculated) throw new Error('no service');
    expect(() =>
      buildServiceCostingData(source, {
        ...calculated,
        cost: { ...calculated.cost, equipmentLines: ['41.23'] },
      }),
    ).toThrow(/equipment/);
  });
});

describe('the калькуляція PDF with equipment, read back with pdftotext', () => {
  const pdfOf = async (content: CalculationContent) => {
    const { data } = costingOf(content);
    return pagesOf(await renderPdf(serviceCostingLayout(data))).map(squeeze);
  };

  it('prints the lines 41,23 and 0,89, D 42,12, the собівартість 285,46 and the tariff 328,28 on one page', async () => {
    const pages = await pdfOf(WITH_EQUIPMENT);
    expect(pages).toHaveLength(1);
    const [page = ''] = pages;
    expect(page).toMatch(/1 Ультразвуковий сканер 1 200 000,00 0,00 5 1 940,4 2,0614 20 41,23/);
    expect(page).toMatch(/2 Принтер для УЗД-знімків 18 000,00 2 000,00 4 1 500 0,0444 20 0,89/);
    expect(page).toMatch(/Амортизація обладнання \(D\) 42,12/);
    expect(page).toMatch(/5 Амортизація обладнання D = Σ рядків обладнання 42,12/);
    expect(page).toMatch(/7 Собівартість послуги C = L \+ A \+ E \+ M \+ D \+ OH 285,46/);
    expect(page).toMatch(/8 Прибуток P = C × R \/ 100 R = 15,00 % 42,82/);
    expect(page).toMatch(/9 Тариф \(ціна\) без ПДВ Тариф = C \+ P 328,28/);
  });

  it('prints a service without equipment as before: no equipment table, no D', async () => {
    const [page = ''] = await pdfOf(WORKED_CONTENT);
    expect(page).not.toMatch(/Обладнання|обладнання|Амортизація/);
    expect(page).toMatch(/6 Собівартість послуги C = L \+ A \+ E \+ M \+ OH 243,34/);
    expect(page).toMatch(/8 Тариф \(ціна\) без ПДВ Тариф = C \+ P 279,84/);
  });
});

describe('the order’s other documents carry the cost with equipment', () => {
  it('the прейскурант lists the service at 285,46 and 328,28', () => {
    const source = pricedSource([workedService(WITH_EQUIPMENT)], 'none');
    const [row] = buildOrderListData(source).categories.flatMap((category) => category.rows);
    expect([row?.cost, row?.tariff]).toEqual(['285,46', '328,28']);
  });

  it('the comparison of an order before and after a scanner was added: 243,34 → 285,46, 279,84 → 328,28', () => {
    const before = revision([workedService(WORKED_CONTENT)], 'none');
    const after = revision([workedService(WITH_EQUIPMENT)], 'none');
    after.source.order.revision = 2;
    const data = buildComparisonData({
      after: after.source,
      beforeRevision: 1,
      afterRevision: 2,
      comparison: compareRevisions(side(before), side(after)),
    });
    const [row] = data.categories.flatMap((category) => category.rows);
    expect([row?.costBefore, row?.costAfter, row?.tariffBefore, row?.tariffAfter]).toEqual([
      '243,34',
      '285,46',
      '279,84',
      '328,28',
    ]);
    expect(row?.delta).toBe('+48,44');
  });

  it('the approval package: D in the cost structure, and the equipment lines in the Word file’s калькуляція', async () => {
    const source = pricedSource([workedService(WITH_EQUIPMENT)], 'none');
    const data = buildApprovalPackageData({
      source,
      settings: DEFAULT_APPROVAL_SETTINGS,
      comparison: null,
      inForce: null,
      withCostings: true,
    });
    expect(data.note.structure.rows).toContainEqual(['Амортизація обладнання', '42,12', '12,83']);
    const xml = zipEntriesOf(await renderApprovalDocx(data))
      .get('word/document.xml')
      ?.toString();
    // Each cell is its own run: the line's texts stand in order.
    const texts = [...(xml ?? '').matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((match) => match[1]);
    const scanner = texts.indexOf('Ультразвуковий сканер');
    expect(scanner).toBeGreaterThan(0);
    expect(texts.slice(scanner, scanner + 8)).toEqual([
      'Ультразвуковий сканер',
      '1\u00a0200\u00a0000,00',
      '0,00',
      '5',
      '1\u00a0940,4',
      '2,0614',
      '20',
      '41,23',
    ]);
    expect(texts).toContain('Амортизація обладнання');
  });

  it('counts a service’s equipment lines in a document job’s size', () => {
    const withEquipment = pricedSource([workedService(WITH_EQUIPMENT)], 'none');
    const without = pricedSource([workedService(WORKED_CONTENT)], 'none');
    for (const file of ['calculation', 'order_list', 'xlsx'] as const) {
      expect(documentLines(file, withEquipment, 42), file).toBe(
        documentLines(file, without, 42) + 2,
      );
    }
  });
});
