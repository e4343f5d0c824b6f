import { describe, expect, it } from 'vitest';
import type { PriceRounding, VatMode } from '@medcalc/domain';
import {
  WORKED_CONTENT,
  WORKED_INFO,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
  workedService,
} from '../../../test/document-fixtures';
import { buildServiceCostingData } from './build-service-costing-data';
import type { OrderDocumentSource } from './document-source';
import { pricedSource } from './revision-fixtures';

/** The worked example with VAT and the order's rounding, priced as Calculate prices it. */
const pricedExample = (vat: VatMode, rounding: PriceRounding) =>
  pricedSource([workedService({ ...WORKED_CONTENT, vat })], rounding);

const costingOf = (source = workedExampleSource()) => {
  const [service] = source.services;
  if (!service) throw new Error('no service');
  return buildServiceCostingData(source, service);
};

describe('buildServiceCostingData', () => {
  it('prints every row of the worked example with its formula, coefficient and stored amount', () => {
    const data = costingOf();
    expect(data.code).toBe('00042');
    expect(data.serviceName).toBe(WORKED_SERVICE_NAME);
    expect(data.category).toBe('Ультразвукова діагностика');
    expect(data.rows.map((row) => [row.number, row.formula, row.coefficient, row.value])).toEqual([
      [1, 'L = Σ рядків персоналу', '', '131,72'],
      [2, 'A = L × коефіцієнт відпусток', 'коефіцієнт відпусток 8,0000 %', '10,54'],
      [3, 'E = (L + A) × ставка ЄСВ / 100', 'ставка 22,00 %', '31,30'],
      [4, 'M = Σ (ціна × кількість)', '', '25,40'],
      [
        5,
        'OH = L × K; K = (пул накладних × частка медичної площі + інші прямі витрати) / ФОП медперсоналу',
        'K = 33,6897 %',
        '44,38',
      ],
      [6, 'C = L + A + E + M + OH', '', '243,34'],
      [7, 'P = C × R / 100', 'R = 15,00 %', '36,50'],
      [8, 'Тариф = C + P', '', '279,84'],
    ]);
    expect(data.rows.filter((row) => row.total).map((row) => row.value)).toEqual([
      '243,34',
      '279,84',
    ]);
    expect(data.rows.map((row) => row.amount)).toEqual([
      131.72, 10.54, 31.3, 25.4, 44.38, 243.34, 36.5, 279.84,
    ]);
    expect(data.rows.map((row) => row.rate)).toEqual([
      null,
      { prefix: 'коефіцієнт відпусток ', percent: 8, digits: 4 },
      { prefix: 'ставка ', percent: 22, digits: 2 },
      null,
      { prefix: 'K = ', percent: 33.6897, digits: 4 },
      null,
      { prefix: 'R = ', percent: 15, digits: 2 },
      null,
    ]);
  });

  it('lists the staff lines with their inputs and stored sums, and the materials', () => {
    const data = costingOf();
    expect(data.staff.lines).toEqual([
      {
        number: 1,
        position: 'Лікар ультразвукової діагностики',
        salary: '20\u00a0000,00',
        conditionPercent: '10',
        workingDay: '7,7',
        minutes: '30',
        sum: '81,63',
        values: { salary: 20_000, conditionPercent: 10, workingDay: 7.7, minutes: 30, sum: 81.63 },
      },
      {
        number: 2,
        position: 'Сестра медична',
        salary: '13\u00a0500,00',
        conditionPercent: '0',
        workingDay: '7,7',
        minutes: '30',
        sum: '50,09',
        values: { salary: 13_500, conditionPercent: 0, workingDay: 7.7, minutes: 30, sum: 50.09 },
      },
    ]);
    expect(data.staff.total).toBe('131,72');
    expect(
      data.materials.lines.map((line) => [
        line.name,
        line.unit,
        line.price,
        line.quantity,
        line.sum,
      ]),
    ).toEqual([
      ['Гель для УЗД контактний', 'мл', '0,34', '20', '6,80'],
      ['Рукавички оглядові нітрилові нестерильні', 'пара', '7,50', '1', '7,50'],
      ['Пелюшка одноразова 60×90 см', 'шт', '9,00', '1', '9,00'],
      ['Рушник паперовий листовий', 'шт', '0,30', '4', '1,20'],
      ['Антисептик для рук спиртовий', 'мл', '0,18', '5', '0,90'],
    ]);
    expect(data.materials.total).toBe('25,40');
    expect([data.staff.totalAmount, data.materials.totalAmount]).toEqual([131.72, 25.4]);
    expect(data.materials.lines.map((line) => line.values)).toContainEqual({
      price: 0.34,
      quantity: 20,
      sum: 6.8,
    });
    expect(data.parameters.map((parameter) => parameter.value)).toEqual([
      '20,00 %',
      '15,00 %',
      '21',
    ]);
  });

  it('signs by the head, the chief accountant and the economist, and approves by the head', () => {
    const data = costingOf();
    expect(data.signatures).toEqual([
      { position: 'Керівник закладу', name: 'Петренко Ольга Іванівна' },
      { position: 'Головний бухгалтер', name: 'Коваль Ірина Степанівна' },
      { position: 'Економіст', name: '' },
    ]);
    expect(data.approval.caption).toBe('ЗАТВЕРДЖУЮ');
    expect(data.approval.name).toBe('Петренко Ольга Іванівна');
  });

  it('names the economist who calculated the revision, and leaves the line blank when nobody is known', () => {
    const economistOf = (calculation: OrderDocumentSource['calculation']) => {
      const source = workedExampleSource();
      if (calculation) source.calculation = calculation;
      return costingOf(source).signatures.at(-1);
    };
    expect(
      economistOf({ economist: ' Іваненко Марія Петрівна ', calculatedAt: '2026-11-25T09:00:00Z' }),
    ).toEqual({ position: 'Економіст', name: 'Іваненко Марія Петрівна' });
    // A deleted user, or a source stored before issue 33 (no `calculation` at all).
    expect(economistOf({ economist: null, calculatedAt: null })?.name).toBe('');
    expect(economistOf(undefined)?.name).toBe('');
  });

  it('marks the калькуляція not approved until the order is confirmed', () => {
    expect(costingOf(workedExampleSource({ status: 'sent' })).notApprovedMark).toBe('НЕ ПОГОДЖЕНО');
    expect(costingOf(workedExampleSource({ status: 'confirmed' })).notApprovedMark).toBeNull();
  });

  it('prints the stored amounts, not a recomputation', () => {
    const source = workedExampleSource();
    const [service] = source.services;
    if (!service) throw new Error('no service');
    const stored = { ...service, cost: { ...service.cost, summary: '999.99', overhead: '1.01' } };
    const data = buildServiceCostingData(source, stored);
    expect(data.rows[4]?.value).toBe('1,01');
    expect(data.rows[5]?.value).toBe('999,99');
  });

  it('prints a fixed overhead percent with its base', () => {
    const source = documentSource(
      [{ id: 7, categoryName: null, name: 'Послуга', content: WORKED_CONTENT }],
      {
        info: {
          ...WORKED_INFO,
          overhead_method: 'fixed',
          overhead_percent: 33,
          overhead_base: 'payroll',
        },
      },
    );
    const data = costingOf(source);
    expect(data.category).toBe('Без категорії');
    expect(data.rows[4]?.formula).toBe('OH = (L + A + E) × K');
    expect(data.rows[4]?.coefficient).toBe('K = 33,0000 %');
    // «ЄСВ» keeps its capitals inside the sentence (issue 33: «… з єсв»).
    expect(data.rows[4]?.label).toBe(
      'Накладні витрати (фіксований відсоток; база — основна і додаткова заробітна плата з ЄСВ)',
    );
  });

  it('leaves out empty lines and refuses stored results that do not match the content', () => {
    const source = documentSource([
      {
        id: 8,
        categoryName: 'К',
        name: 'Порожня',
        content: {
          ...WORKED_CONTENT,
          stuff: [
            ...WORKED_CONTENT.stuff,
            { quality: null, salary: null, timeSpend: 5, conditionPercent: 0, workingDay: 8 },
          ],
          pills: [
            ...WORKED_CONTENT.pills,
            { id: null, name: '', price: 0, spend: 0, measurement_type: '' },
          ],
        },
      },
    ]);
    const data = costingOf(source);
    expect(data.staff.lines).toHaveLength(2);
    expect(data.materials.lines).toHaveLength(5);
    const [service] = source.services;
    if (!service) throw new Error('no service');
    expect(() =>
      buildServiceCostingData(source, {
        ...service,
        cost: { ...service.cost, staffLines: ['1.00'] },
      }),
    ).toThrow(/staff lines/);
  });

  it('prints an exempt, unrounded service (and one stored before prices existed) as it always did', () => {
    const data = costingOf();
    expect(data.rows).toHaveLength(8);
    expect(data.vatStatus).toBeNull();
    const source = workedExampleSource();
    const [service] = source.services;
    if (!service) throw new Error('no service');
    const { price: _price, ...older } = service.cost;
    const stored = buildServiceCostingData(source, { ...service, cost: older });
    expect(stored.rows).toEqual(data.rows);
    expect(stored.vatStatus).toBeNull();
  });

  it('adds ПДВ 20 % and the tariff with it for a taxable service, with its VAT status', () => {
    const data = costingOf(pricedExample('vat20', 'none'));
    expect(
      data.rows.slice(7).map((row) => [row.number, row.label, row.coefficient, row.value]),
    ).toEqual([
      [8, 'Тариф (ціна) без ПДВ', '', '279,84'],
      [9, 'ПДВ 20 %', 'ставка 20,00 %', '55,97'],
      [10, 'Тариф (ціна) з ПДВ', '', '335,81'],
    ]);
    expect(data.rows[8]?.formula).toBe('ПДВ = Тариф без ПДВ × 20 / 100');
    expect(data.rows[8]?.rate).toEqual({ prefix: 'ставка ', percent: 20, digits: 2 });
    expect(data.rows.map((row) => row.amount).slice(7)).toEqual([279.84, 55.97, 335.81]);
    expect(data.rows.filter((row) => row.total).map((row) => row.value)).toEqual([
      '243,34',
      '279,84',
      '335,81',
    ]);
    expect(data.vatStatus).toBe('Режим ПДВ: ПДВ 20 %');
  });

  it('adds the rounding and the final tariff so the калькуляція adds up', () => {
    const taxable = costingOf(pricedExample('vat20', '0.50'));
    expect(taxable.rows.slice(7).map((row) => [row.number, row.label, row.value])).toEqual([
      [8, 'Тариф (ціна) без ПДВ', '279,84'],
      [9, 'ПДВ 20 %', '55,97'],
      [10, 'Тариф (ціна) з ПДВ', '335,81'],
      [11, 'Округлення (до 0,50 грн)', '0,19'],
      [12, 'Тариф (ціна)', '336,00'],
    ]);
    expect(taxable.rows[10]?.formula).toBe('Округлення = Тариф − Тариф з ПДВ');
    expect(taxable.rows[11]?.formula).toBe('Тариф = Тариф з ПДВ, округлений до 0,50 грн');
    expect(taxable.rows[11]?.total).toBe(true);
    expect(taxable.rows[10]?.total).toBe(false);

    const exempt = costingOf(pricedExample('exempt', '1.00'));
    expect(exempt.rows.slice(7).map((row) => [row.label, row.formula, row.value])).toEqual([
      ['Тариф (ціна) без ПДВ', 'Тариф = C + P', '279,84'],
      ['Округлення (до 1,00 грн)', 'Округлення = Тариф − Тариф без ПДВ', '0,16'],
      ['Тариф (ціна)', 'Тариф = Тариф без ПДВ, округлений до 1,00 грн', '280,00'],
    ]);
    expect(exempt.vatStatus).toBe('Режим ПДВ: Звільнено від ПДВ (п. 197.1.5 ПКУ)');
  });

  it('prints a rounding down as a negative amount', () => {
    const source = pricedExample('exempt', '1.00');
    const [service] = source.services;
    if (!service?.cost.price) throw new Error('no price');
    // A stored price: 279.34 rounds down to 279.00.
    service.cost = {
      ...service.cost,
      summaryWithProfit: '279.34',
      price: {
        ...service.cost.price,
        withVat: '279.34',
        roundingAmount: '-0.34',
        tariff: '279.00',
      },
    };
    const rows = costingOf(source).rows.slice(-2);
    expect(rows.map((row) => [row.value, row.amount])).toEqual([
      ['-0,34', -0.34],
      ['279,00', 279],
    ]);
  });
});
