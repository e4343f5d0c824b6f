import { describe, expect, it } from 'vitest';
import { planMeasurementsImport, planPillsImport, planStaffImport } from './import-plan';
import type { RowReading, StaffImportRow, PillImportRow } from './import-rows';

const staff = (line: number, qualification: string, salary: number, category = 'вища' as const) =>
  ({
    ok: true,
    line,
    row: { qualification, category, scientific_degree: 'немає', salary },
  }) as RowReading<StaffImportRow>;
const pill = (line: number, name: string, measurementType: string, price: number) =>
  ({ ok: true, line, row: { name, measurementType, price } }) as RowReading<PillImportRow>;

const TABLE = [
  {
    id: 1,
    qualification: 'Лікар-терапевт',
    category: 'вища',
    scientific_degree: 'немає',
    salary: 20000,
  },
  {
    id: 2,
    qualification: 'Медична сестра',
    category: 'вища',
    scientific_degree: 'немає',
    salary: 12000,
  },
];

describe('planStaffImport', () => {
  it('updates a matching position (case folded), adds a new one, leaves an equal one, keeps refusals', () => {
    const plan = planStaffImport(
      [
        staff(2, 'ЛІКАР-ТЕРАПЕВТ', 21000.5),
        staff(3, 'Медична сестра', 12000),
        staff(4, 'Лікар-генетик', 15000),
        { ok: false, line: 5, reason: 'Поле «Оклад»: введіть число.' },
      ],
      TABLE,
    );
    expect(plan.counts).toEqual({ updated: 1, added: 1, unchanged: 1, refused: 1 });
    expect(plan.updated).toEqual([
      {
        line: 2,
        key: 'Лікар-терапевт · вища · немає',
        changes: [{ field: 'salary', old: 20000, new: 21000.5 }],
      },
    ]);
    expect(plan.updates).toEqual([{ id: 1, line: 2, oldSalary: 20000, salary: 21000.5 }]);
    expect(plan.inserts.map((row) => row.qualification)).toEqual(['Лікар-генетик']);
    expect(plan.refused).toEqual([{ line: 5, reason: 'Поле «Оклад»: введіть число.' }]);
  });

  it('refuses every row of a position the file names twice with different salaries', () => {
    const plan = planStaffImport(
      [staff(2, 'Лікар-терапевт', 1), staff(7, 'лікар-терапевт', 2)],
      TABLE,
    );
    expect(plan.counts).toEqual({ updated: 0, added: 0, unchanged: 0, refused: 2 });
    expect(plan.refused[1]?.reason).toContain('рядки 2, 7');
  });

  it('takes a position repeated with the same salary once', () => {
    const plan = planStaffImport(
      [staff(2, 'Лікар-генетик', 1), staff(3, 'Лікар-генетик', 1)],
      TABLE,
    );
    expect(plan.counts).toEqual({ updated: 0, added: 1, unchanged: 1, refused: 0 });
  });

  it('tells positions apart by category', () => {
    const plan = planStaffImport([staff(2, 'Лікар-терапевт', 5, 'перша' as 'вища')], TABLE);
    expect(plan.counts.added).toBe(1);
  });
});

describe('planPillsImport', () => {
  const pills = [{ id: 9, name: 'Бинт', measurementType: 'шт', price: 10 }];
  const units = [
    { id: 1, name: 'шт' },
    { id: 2, name: 'мл' },
  ];
  /** The plan of `rows` against the stored material and `known` units. */
  const planPills = (rows: RowReading<PillImportRow>[], known = units) =>
    planPillsImport(rows, pills, known);

  it('updates the unit and the price, lists a new unit once, keeps the stored unit spelling', () => {
    const plan = planPills([
      pill(2, 'бинт', 'МЛ', 11),
      pill(3, 'Вата', 'саше', 5),
      pill(4, 'Марля', 'САШЕ', 6),
      pill(5, 'Йод', 'мл', 1),
    ]);
    expect(plan.updated).toEqual([
      {
        line: 2,
        key: 'Бинт',
        changes: [
          { field: 'measurementType', old: 'шт', new: 'мл' },
          { field: 'price', old: 10, new: 11 },
        ],
      },
    ]);
    expect(plan.newUnits).toEqual(['саше']);
    expect(plan.counts).toEqual({ updated: 1, added: 3, unchanged: 0, refused: 0 });
  });

  it('refuses a new unit over 30 characters but takes a known long one', () => {
    const long = 'флакон скляний темний 100 мл з кришкою';
    const plan = planPills([pill(2, 'Вата', long, 1)]);
    expect(plan.refused[0]?.reason).toContain('до 30 символів');
    expect(planPills([pill(2, 'Вата', long, 1)], [{ id: 3, name: long }]).counts.added).toBe(1);
  });

  it('refuses a material named twice with different prices', () => {
    const plan = planPills([pill(2, 'Вата', 'шт', 1), pill(3, 'ВАТА', 'шт', 2)]);
    expect(plan.refused.map((row) => row.line)).toEqual([2, 3]);
  });

  it('leaves an equal material as it is', () => {
    expect(planPills([pill(2, 'Бинт', 'ШТ', 10)]).counts.unchanged).toBe(1);
  });

  it('matches a unit written another common way to the existing one, creating no duplicate (issue 33)', () => {
    const withKg = [...units, { id: 3, name: 'кг' }, { id: 4, name: 'флакон' }];
    const plan = planPills(
      [
        pill(2, 'Бинт', 'штука', 10),
        pill(3, 'Гіпс', 'кілограм', 80),
        pill(4, 'Розчин', 'фл.', 35),
        pill(5, 'Спирт', 'Мілілітр', 0.5),
      ],
      withKg,
    );
    expect(plan.newUnits).toEqual([]);
    expect(plan.counts).toEqual({ updated: 0, added: 3, unchanged: 1, refused: 0 });
    expect(plan.inserts.map((row) => row.measurementType)).toEqual(['кг', 'флакон', 'мл']);
  });

  it('creates one new unit for two spellings of it in one file, named as first spelled', () => {
    const plan = planPills([pill(2, 'Розчин', 'флакон', 35), pill(3, 'Сироп', 'фл.', 40)]);
    expect(plan.newUnits).toEqual(['флакон']);
    expect(plan.inserts.map((row) => row.measurementType)).toEqual(['флакон', 'флакон']);
  });

  it('compares prices to four decimals and lists totals rows as skipped, not refused', () => {
    const plan = planPills([
      pill(2, 'Бинт', 'шт', 10.0001),
      { ok: false, skipped: true, line: 3, reason: 'Підсумковий рядок «Разом» пропущено.' },
    ]);
    expect(plan.updated[0]?.changes).toEqual([{ field: 'price', old: 10, new: 10.0001 }]);
    expect(plan.skipped).toEqual([{ line: 3, reason: 'Підсумковий рядок «Разом» пропущено.' }]);
    expect(plan.refused).toEqual([]);
    expect(plan.counts.refused).toBe(0);
  });
});

describe('planMeasurementsImport', () => {
  it('adds new names, leaves known ones, refuses long ones', () => {
    const plan = planMeasurementsImport(
      [
        { ok: true, line: 2, row: { name: 'МЛ' } },
        { ok: true, line: 3, row: { name: 'саше' } },
        { ok: true, line: 4, row: { name: 'x'.repeat(31) } },
      ],
      [{ id: 1, name: 'мл' }],
    );
    expect(plan.counts).toEqual({ updated: 0, added: 1, unchanged: 1, refused: 1 });
    expect(plan.inserts).toEqual([{ line: 3, name: 'саше' }]);
  });

  it('leaves a unit the owner has under another common spelling (issue 33)', () => {
    const plan = planMeasurementsImport(
      [
        { ok: true, line: 2, row: { name: 'кілограм' } },
        { ok: true, line: 3, row: { name: 'амп.' } },
        { ok: true, line: 4, row: { name: 'ампула' } },
      ],
      [{ id: 1, name: 'кг' }],
    );
    expect(plan.counts).toEqual({ updated: 0, added: 1, unchanged: 2, refused: 0 });
    expect(plan.inserts).toEqual([{ line: 3, name: 'амп.' }]);
  });
});
