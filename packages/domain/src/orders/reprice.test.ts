import { describe, expect, it } from 'vitest';
import { computeOrderCosts } from '../calculations/compute-service-cost';
import type { ServiceCost } from '../calculations/cost-model';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_CONTENT,
  WORKED_EXAMPLE_COST,
  WORKED_EXAMPLE_EQUIPMENT_CONTENT,
  WORKED_EXAMPLE_EQUIPMENT_COST,
} from '../calculations/worked-example';
import type { CalculationContent } from '../calculations/calculation.schema';
import {
  amountDelta,
  compareRevisions,
  notesStillTrue,
  repriceCompanyInfo,
  repriceContents,
  type CurrentEquipment,
  type CurrentReferences,
  type RevisionSide,
} from './reprice';

/**
 * The company's rows as the worked example stores them (doctor 11, nurse 12; materials 21–25; with equipment, the
 * scanner 31 and the printer 32), each register row with `equipment`'s changes.
 */
function referencesOf(
  overrides: {
    salaries?: Record<number, number>;
    prices?: Record<number, number>;
    equipment?: Record<number, Partial<CurrentEquipment>>;
  } = {},
  content: CalculationContent = WORKED_EXAMPLE_CONTENT,
): CurrentReferences {
  return {
    staff: new Map(
      content.stuff.map((line) => [
        line.quality?.id ?? 0,
        {
          label: line.quality?.name ?? '',
          salary: overrides.salaries?.[line.quality?.id ?? 0] ?? line.salary,
        },
      ]),
    ),
    materials: new Map(
      content.pills.map((line) => [
        line.id ?? 0,
        {
          name: line.name,
          price: overrides.prices?.[line.id ?? 0] ?? line.price,
          measurementType: line.measurement_type,
        },
      ]),
    ),
    equipment: new Map(
      (content.equipment ?? []).map(({ id, minutes: _minutes, ...row }) => [
        id ?? 0,
        { ...row, ...overrides.equipment?.[id ?? 0] },
      ]),
    ),
  };
}

const SERVICE = 'УЗД органів черевної порожнини';

const side = (
  content: CalculationContent,
  cost: ServiceCost | null,
  info = WORKED_EXAMPLE_COMPANY_INFO,
): RevisionSide => ({
  companyInfo: info,
  priceRounding: 'none',
  services: [
    {
      id: 7,
      identifier: 'svc7',
      serviceNumber: 3,
      categoryName: 'УЗД',
      name: SERVICE,
      content,
      cost,
    },
  ],
});

/**
 * Re-prices `content` as the one service of an order against the company's rows with `overrides`, calculates it,
 * and compares it with `content` at `costBefore`.
 */
function reprice(
  overrides: Parameters<typeof referencesOf>[0],
  content = WORKED_EXAMPLE_CONTENT,
  costBefore: ServiceCost | null = WORKED_EXAMPLE_COST,
) {
  const references = referencesOf(overrides, content);
  const { contents, notes } = repriceContents([{ name: SERVICE, content }], references);
  const [after] = contents;
  if (!after) throw new Error('no content');
  const [cost] = computeOrderCosts(WORKED_EXAMPLE_COMPANY_INFO, [after]);
  const comparison = compareRevisions(side(content, costBefore), side(after, cost ?? null), notes);
  return { after, notes, cost, comparison };
}

describe('re-pricing the worked example (docs/methodology.md "Re-pricing an order")', () => {
  const { after, notes, cost, comparison } = reprice({
    salaries: { 11: 21_500 },
    prices: { 21: 0.41 },
  });

  it('takes the doctor’s new salary and the gel’s new price; minutes, spends and percents stay', () => {
    expect(after.stuff.map((line) => line.salary)).toEqual([21_500, 13_500]);
    expect(after.pills.map((line) => line.price)).toEqual([0.41, 7.5, 9, 0.3, 0.18]);
    expect(after.stuff.map((line) => line.timeSpend)).toEqual([30, 30]);
    expect(after.pills.map((line) => line.spend)).toEqual([20, 1, 1, 4, 5]);
    expect([after.bonus, after.profit]).toEqual([20, 15]);
    expect(notes).toEqual([]);
  });

  it('gives the engine’s new rows, each checked by hand', () => {
    // Doctor: 21 500 × 1.10 × 1.20 / 21 / (7.7 × 60) × 30 = 87.755… → 87.76; the nurse stays 50.09.
    expect(cost?.staffLines).toEqual(['87.76', '50.09']);
    // L = 137.85; A = 8 % = 11.028 → 11.03; E = 22 % of 148.88 = 32.7536 → 32.75.
    // M = 25.40 − 6.80 + 0.41 × 20 = 26.80; OH = 137.85 × 33.6897 % = 46.441… → 46.44.
    // C = 254.87; P = 15 % = 38.2305 → 38.23; tariff 293.10.
    expect(cost).toMatchObject({
      labour: '137.85',
      additionalLabour: '11.03',
      esv: '32.75',
      materials: '26.80',
      overhead: '46.44',
      summary: '254.87',
      profit: '38.23',
      summaryWithProfit: '293.10',
    });
  });

  it('compares 243.34 / 279.84 with the new rows and names each input change in words', () => {
    expect(comparison.categories).toEqual([
      {
        category: 'УЗД',
        services: [
          {
            id: 7,
            identifier: 'svc7',
            code: '00003',
            name: SERVICE,
            before: { summary: '243.34', tariff: '279.84' },
            after: { summary: '254.87', tariff: '293.10' },
            delta: '13.26',
            // 13.26 / 279.84 = 4.7384… %
            deltaPercent: '4.74',
          },
        ],
      },
    ]);
    expect(comparison.totals).toEqual({
      before: { summary: '243.34', tariff: '279.84' },
      after: { summary: '254.87', tariff: '293.10' },
      delta: '13.26',
      deltaPercent: '4.74',
    });
    expect(comparison.changes).toEqual([
      {
        kind: 'salary',
        text: 'Лікар з ультразвукової діагностики: оклад 20\u00a0000,00 → 21\u00a0500,00 грн',
        services: [SERVICE],
      },
      {
        kind: 'material',
        text: 'Гель: 0,34 → 0,41 грн/мл',
        services: [SERVICE],
      },
    ]);
  });
});

describe('repriceContents', () => {
  it('keeps a line whose staffing row or material was deleted, and names it', () => {
    const references = referencesOf({ salaries: { 12: 14_000 } });
    (references.staff as Map<number, unknown>).delete(11);
    (references.materials as Map<number, unknown>).delete(21);
    const { contents, notes } = repriceContents(
      [
        { name: 'A', content: WORKED_EXAMPLE_CONTENT },
        { name: 'B', content: WORKED_EXAMPLE_CONTENT },
      ],
      references,
    );
    expect(contents[0]?.stuff.map((line) => line.salary)).toEqual([20_000, 14_000]);
    expect(contents[0]?.pills[0]).toEqual(WORKED_EXAMPLE_CONTENT.pills[0]);
    expect(notes).toEqual([
      {
        kind: 'missing-staff',
        text: 'Лікар з ультразвукової діагностики: посади вже немає у штатному розписі, залишено оклад 20\u00a0000,00 грн. Оберіть заміну в майстрі перед «Розрахувати».',
        services: ['A', 'B'],
        refId: 11,
      },
      {
        kind: 'missing-material',
        text: 'Гель: матеріалу вже немає серед матеріалів закладу, залишено ціну 0,34 грн/мл. Оберіть заміну в майстрі перед «Розрахувати».',
        services: ['A', 'B'],
        refId: 21,
      },
    ]);
    // Once the economist chose another position for the doctor, only the material's note still holds.
    const replaced = {
      content: {
        ...WORKED_EXAMPLE_CONTENT,
        stuff: WORKED_EXAMPLE_CONTENT.stuff.map((line, index) =>
          index === 0 ? { ...line, quality: { id: 99, name: 'Інша посада' } } : line,
        ),
      },
    };
    expect(notesStillTrue(notes, [replaced]).map((note) => note.kind)).toEqual([
      'missing-material',
    ]);
  });

  it('takes a material’s new unit and name, and a line with no reference stays as it is', () => {
    const content: CalculationContent = {
      ...WORKED_EXAMPLE_CONTENT,
      stuff: [{ quality: null, salary: null, timeSpend: 5, conditionPercent: 0, workingDay: 8 }],
      pills: [
        { id: 21, name: 'Гель', price: 0.34, spend: 20, measurement_type: 'мл' },
        { id: null, name: 'Вата', price: 1, spend: 1, measurement_type: 'г' },
      ],
    };
    const references: CurrentReferences = {
      staff: new Map(),
      materials: new Map([[21, { name: 'Гель для УЗД', price: 0.35, measurementType: 'г' }]]),
      equipment: new Map(),
    };
    const [after] = repriceContents([{ name: 'A', content }], references).contents;
    expect(after?.stuff).toEqual(content.stuff);
    expect(after?.pills).toEqual([
      { id: 21, name: 'Гель для УЗД', price: 0.35, spend: 20, measurement_type: 'г' },
      content.pills[1],
    ]);
    const changes = compareRevisions(side(content, null), side(after ?? content, null)).changes;
    expect(changes.map((change) => change.text)).toEqual([
      'Гель для УЗД: 0,34 грн/мл → 0,35 грн/г',
    ]);
  });
});

describe('re-pricing the worked example with equipment (issue 38)', () => {
  const repriceEquipment = (equipment: Record<number, Partial<CurrentEquipment>>) =>
    reprice({ equipment }, WORKED_EXAMPLE_EQUIPMENT_CONTENT, WORKED_EXAMPLE_EQUIPMENT_COST);

  it('takes the scanner’s new first cost: 41,23 → 46,38, tariff 328,28 → 334,20, named in words', () => {
    const { after, cost, comparison } = repriceEquipment({ 31: { firstCost: 1_350_000 } });
    expect(after.equipment?.map((line) => line.firstCost)).toEqual([1_350_000, 18_000]);
    expect(after.equipment?.map((line) => line.minutes)).toEqual([20, 20]);
    // 1 350 000 / 5 / (1 940,4 × 60) × 20 = 46,382… → 46,38; D = 46,38 + 0,89 = 47,27; C = 243,34 + 47,27 =
    // 290,61; P = 15 % = 43,5915 → 43,59; tariff 334,20.
    expect(cost).toMatchObject({
      equipmentLines: ['46.38', '0.89'],
      depreciation: '47.27',
      overhead: WORKED_EXAMPLE_EQUIPMENT_COST.overhead,
      summary: '290.61',
      profit: '43.59',
      summaryWithProfit: '334.20',
    });
    expect(comparison.totals).toEqual({
      before: { summary: '285.46', tariff: '328.28' },
      after: { summary: '290.61', tariff: '334.20' },
      delta: '5.92',
      // 5,92 / 328,28 = 1,8033… %
      deltaPercent: '1.80',
    });
    expect(comparison.changes).toEqual([
      {
        kind: 'equipment',
        text: 'Ультразвуковий сканер: вартість 1\u00a0200\u00a0000,00 → 1\u00a0350\u00a0000,00 грн',
        services: [SERVICE],
      },
    ]);
  });

  it('names a new residual value, life, hours a year and name of the register row, each on its own', () => {
    const { after, comparison } = repriceEquipment({
      32: {
        name: 'Принтер відеографічний',
        residualValue: 1_500,
        usefulLifeYears: 5,
        hoursPerYear: 1_940.4,
      },
    });
    expect(after.equipment?.[1]).toEqual({
      id: 32,
      name: 'Принтер відеографічний',
      firstCost: 18_000,
      residualValue: 1_500,
      usefulLifeYears: 5,
      hoursPerYear: 1_940.4,
      minutes: 20,
    });
    expect(comparison.changes.map((change) => [change.kind, change.text])).toEqual([
      [
        'equipment',
        'Обладнання «Принтер для УЗД-знімків» у реєстрі названо «Принтер відеографічний»',
      ],
      [
        'equipment',
        'Принтер відеографічний: ліквідаційна вартість 2\u00a0000,00 → 1\u00a0500,00 грн',
      ],
      ['equipment', 'Принтер відеографічний: строк корисного використання 4 → 5 р.'],
      ['equipment', 'Принтер відеографічний: годин використання на рік 1\u00a0500 → 1\u00a0940,4'],
    ]);
  });

  it('keeps a line whose register row was deleted with its old values, and names it like a deleted position', () => {
    const references = referencesOf({}, WORKED_EXAMPLE_EQUIPMENT_CONTENT);
    (references.equipment as Map<number, unknown>).delete(31);
    const { contents, notes } = repriceContents(
      [
        { name: 'A', content: WORKED_EXAMPLE_EQUIPMENT_CONTENT },
        { name: 'B', content: WORKED_EXAMPLE_EQUIPMENT_CONTENT },
      ],
      references,
    );
    expect(contents[0]?.equipment).toEqual(WORKED_EXAMPLE_EQUIPMENT_CONTENT.equipment);
    expect(notes).toEqual([
      {
        kind: 'missing-equipment',
        text: 'Ультразвуковий сканер: обладнання вже немає в реєстрі обладнання, залишено вартість 1\u00a0200\u00a0000,00 грн, ліквідаційну вартість 0,00 грн, строк 5 р., 1\u00a0940,4 год на рік. Оберіть заміну в майстрі перед «Розрахувати».',
        services: ['A', 'B'],
        refId: 31,
      },
    ]);
    // The note holds while a line still points to the row, and goes once the economist chose another.
    expect(notesStillTrue(notes, [{ content: WORKED_EXAMPLE_EQUIPMENT_CONTENT }])).toEqual(notes);
    const replaced = {
      content: {
        ...WORKED_EXAMPLE_EQUIPMENT_CONTENT,
        equipment: WORKED_EXAMPLE_EQUIPMENT_CONTENT.equipment?.map((line) =>
          line.id === 31 ? { ...line, id: 33 } : line,
        ),
      },
    };
    expect(notesStillTrue(notes, [replaced])).toEqual([]);
  });

  it('leaves a content without equipment without it, and names added equipment or changed minutes as norms', () => {
    const { contents } = repriceContents(
      [{ name: SERVICE, content: WORKED_EXAMPLE_CONTENT }],
      referencesOf({}, WORKED_EXAMPLE_EQUIPMENT_CONTENT),
    );
    expect(contents[0]).toEqual(WORKED_EXAMPLE_CONTENT);
    expect('equipment' in (contents[0] ?? {})).toBe(false);

    const norms = (before: CalculationContent, after: CalculationContent) =>
      compareRevisions(side(before, null), side(after, null)).changes.map((change) => change.kind);
    expect(norms(WORKED_EXAMPLE_CONTENT, { ...WORKED_EXAMPLE_CONTENT, equipment: [] })).toEqual([]);
    expect(norms(WORKED_EXAMPLE_CONTENT, WORKED_EXAMPLE_EQUIPMENT_CONTENT)).toEqual(['norms']);
    const longer = {
      ...WORKED_EXAMPLE_EQUIPMENT_CONTENT,
      equipment: WORKED_EXAMPLE_EQUIPMENT_CONTENT.equipment?.map((line) => ({
        ...line,
        minutes: 25,
      })),
    };
    expect(norms(WORKED_EXAMPLE_EQUIPMENT_CONTENT, longer)).toEqual(['norms']);
  });
});

describe('repriceCompanyInfo and the institution changes', () => {
  it('takes the costing inputs from the company and keeps the order’s requisites', () => {
    const order = { ...WORKED_EXAMPLE_COMPANY_INFO, name: 'КНП «Лікарня»', code: '00032129' };
    const company = {
      ...WORKED_EXAMPLE_COMPANY_INFO,
      name: 'інша назва',
      medical_staff_salary_fund: 15_000_000,
      kitchen_and_canteen_area: 450,
      overhead_method: 'fixed' as const,
      overhead_percent: 33,
    };
    const next = repriceCompanyInfo(order, company);
    expect(next).toMatchObject({
      name: 'КНП «Лікарня»',
      code: '00032129',
      medical_staff_salary_fund: 15_000_000,
      kitchen_and_canteen_area: 450,
      overhead_method: 'fixed',
      overhead_percent: 33,
    });
    const texts = compareRevisions(
      side(WORKED_EXAMPLE_CONTENT, null, order),
      side(WORKED_EXAMPLE_CONTENT, null, next),
    ).changes.map((change) => change.text);
    expect(texts).toEqual([
      'Фонд оплати праці медичного персоналу: 14\u00a0400\u00a0000,00 грн → 15\u00a0000\u00a0000,00 грн',
      'Площа харчоблоку та їдальні: 400,00 м² → 450,00 м²',
      'Спосіб розрахунку накладних витрат: Розраховувати з даних закладу → Фіксований відсоток',
      'Відсоток накладних витрат, %: — → 33,00',
    ]);
  });
});

describe('compareRevisions', () => {
  it('lists a service only one side has, without a Δ, names it, and totals the services both sides have', () => {
    const before: RevisionSide = {
      ...side(WORKED_EXAMPLE_CONTENT, WORKED_EXAMPLE_COST),
      services: [
        ...side(WORKED_EXAMPLE_CONTENT, WORKED_EXAMPLE_COST).services,
        {
          id: 8,
          identifier: 'svc8',
          serviceNumber: 4,
          categoryName: null,
          name: 'Прибрана',
          content: WORKED_EXAMPLE_CONTENT,
          cost: WORKED_EXAMPLE_COST,
        },
      ],
    };
    const comparison = compareRevisions(before, side(WORKED_EXAMPLE_CONTENT, WORKED_EXAMPLE_COST));
    expect(comparison.categories[1]).toEqual({
      category: 'Без категорії',
      services: [
        {
          id: 8,
          identifier: 'svc8',
          code: '00004',
          name: 'Прибрана',
          before: { summary: '243.34', tariff: '279.84' },
          after: null,
          delta: null,
          deltaPercent: null,
        },
      ],
    });
    expect(comparison.totals).toEqual({
      before: { summary: '243.34', tariff: '279.84' },
      after: { summary: '243.34', tariff: '279.84' },
      delta: '0.00',
      deltaPercent: '0.00',
    });
    expect(comparison.changes).toEqual([
      {
        kind: 'service',
        text: 'Послугу вилучено із замовлення (не входить у підсумок порівняння)',
        services: ['Прибрана'],
      },
    ]);
  });

  it('compares final tariffs (with VAT and rounding) and names the rounding change', () => {
    const [rounded] = computeOrderCosts(
      WORKED_EXAMPLE_COMPANY_INFO,
      [WORKED_EXAMPLE_CONTENT],
      '1.00',
    );
    const comparison = compareRevisions(side(WORKED_EXAMPLE_CONTENT, WORKED_EXAMPLE_COST), {
      ...side(WORKED_EXAMPLE_CONTENT, rounded ?? null),
      priceRounding: '1.00',
    });
    expect(comparison.totals.after.tariff).toBe('280.00');
    expect(comparison.totals.delta).toBe('0.16');
    expect(comparison.changes.map((change) => change.text)).toEqual([
      'Округлення тарифу: Без округлення (до копійки) → До 1,00 грн',
    ]);
  });

  it('Δ % is two decimals half-up, and null against a zero tariff', () => {
    expect(amountDelta('3.00', '4.00')).toEqual({ delta: '1.00', deltaPercent: '33.33' });
    expect(amountDelta('8.00', '7.00')).toEqual({ delta: '-1.00', deltaPercent: '-12.50' });
    expect(amountDelta('0.00', '7.00')).toEqual({ delta: '7.00', deltaPercent: null });
  });
});
