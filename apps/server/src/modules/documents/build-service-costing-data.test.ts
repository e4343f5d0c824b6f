import { describe, expect, it } from 'vitest';
import {
  WORKED_CONTENT,
  WORKED_INFO,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import { buildServiceCostingData } from './build-service-costing-data';

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
      [2, 'A = L × k_відп', 'k_відп = 8,0000 %', '10,54'],
      [3, 'E = (L + A) × ставка ЄСВ / 100', 'ставка 22,00 %', '31,30'],
      [4, 'M = Σ (ціна × кількість)', '', '25,40'],
      [
        5,
        'OH = L × K; K = (пул накладних × share_med + інші прямі витрати) / ФОП медперсоналу',
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
      { prefix: 'k_відп = ', percent: 8, digits: 4 },
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

  it('marks the калькуляція not approved until the order is confirmed', () => {
    expect(costingOf(workedExampleSource({ status: 'sent' })).notApprovedMark).toBe(
      'НЕ ЗАТВЕРДЖЕНО',
    );
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
    expect(data.rows[4]?.label).toMatch(/фіксований відсоток; база — основна і додаткова/);
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
});
