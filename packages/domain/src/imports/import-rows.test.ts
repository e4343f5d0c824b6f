import { describe, expect, it } from 'vitest';
import {
  isTotalsLabel,
  readMeasurementRows,
  readPillRows,
  readStaffRows,
  type SheetRow,
} from './import-rows';
import { SCIENTIFIC_DEGREES, STAFF_CATEGORIES } from '../staff/staff-rate.schema';

const STAFF_COLUMNS = { qualification: 0, category: 1, scientific_degree: 2, salary: 3 };
const PILL_COLUMNS = { name: 0, measurementType: 1, price: 2 };
type Cells = (string | number | null)[];
const rows = (...cells: Cells[]): SheetRow[] =>
  cells.map((row, index) => ({ line: index + 2, cells: row }));
/** Each of `cells` a row from line 2 on, read by the staff (the materials') columns. */
const readStaff = (...cells: Cells[]) => readStaffRows(rows(...cells), STAFF_COLUMNS);
const readPills = (...cells: Cells[]) => readPillRows(rows(...cells), PILL_COLUMNS);

describe('readStaffRows', () => {
  it('reads each listed category and degree', () => {
    const read = readStaff(
      ...STAFF_CATEGORIES.flatMap((category) =>
        SCIENTIFIC_DEGREES.map((degree): Cells => ['Лікар', category, degree, '10']),
      ),
    );
    expect(read.map((r) => r.ok && [r.row.category, r.row.scientific_degree])).toEqual(
      STAFF_CATEGORIES.flatMap((category) =>
        SCIENTIFIC_DEGREES.map((degree) => [category, degree]),
      ),
    );
  });

  it('refuses each bad row with its line and a Ukrainian reason', () => {
    const read = readStaff(
      ['', 'вища', 'немає', '100'],
      ['Лікар', 'вища', 'немає', 'сто'],
      ['Лікар', 'вища', 'немає', '-5'],
      ['Лікар', 'вища', 'немає', '10,123'],
      ['Лікар', 'найвища', 'немає', '10'],
      ['Лікар', 'вища', 'професор', '10'],
      ['Лікар', 'вища', 'немає', ''],
    );
    expect(read).toEqual([
      { ok: false, line: 2, reason: 'Поле «Посада» обов’язкове.' },
      { ok: false, line: 3, reason: 'Поле «Оклад»: введіть число.' },
      { ok: false, line: 4, reason: 'Поле «Оклад» не може бути від’ємним.' },
      { ok: false, line: 5, reason: 'Поле «Оклад»: не більше двох знаків після коми.' },
      {
        ok: false,
        line: 6,
        reason: 'Категорія «найвища» не з переліку: вища, перша, друга, без категорії.',
      },
      {
        ok: false,
        line: 7,
        reason:
          'Науковий ступінь «професор» не з переліку: немає, кандидат медичних наук, доктор медичних наук.',
      },
      { ok: false, line: 8, reason: 'Поле «Оклад» обов’язкове.' },
    ]);
  });

  it('refuses a row with several bad cells for the first of them, in the order of the columns', () => {
    const read = readStaff(
      ['', 'найвища', 'професор', 'сто'],
      ['Лікар', 'найвища', 'професор', 'сто'],
      ['Лікар', 'вища', 'професор', 'сто'],
    );
    expect(read.map((row) => !row.ok && row.reason)).toEqual([
      'Поле «Посада» обов’язкове.',
      'Категорія «найвища» не з переліку: вища, перша, друга, без категорії.',
      'Науковий ступінь «професор» не з переліку: немає, кандидат медичних наук, доктор медичних наук.',
    ]);
    expect(readPills(['', '', 'x'], ['Вата', '', 'x']).map((row) => !row.ok && row.reason)).toEqual(
      ['Поле «Назва» обов’язкове.', 'Поле «Одиниця» обов’язкове.'],
    );
  });

  it('refuses a category or degree spelled as a property every object has, not taking it for an alias', () => {
    const read = readStaff(
      ['Лікар', 'constructor', 'немає', '10'],
      ['Лікар', 'toString', '', '10'],
      ['Лікар', 'вища', '__proto__', '10'],
      ['Лікар', '', 'hasOwnProperty', '10'],
    );
    expect(read.map((row) => !row.ok && row.reason)).toEqual([
      'Категорія «constructor» не з переліку: вища, перша, друга, без категорії.',
      'Категорія «toString» не з переліку: вища, перша, друга, без категорії.',
      'Науковий ступінь «__proto__» не з переліку: немає, кандидат медичних наук, доктор медичних наук.',
      'Науковий ступінь «hasOwnProperty» не з переліку: немає, кандидат медичних наук, доктор медичних наук.',
    ]);
  });

  it('reads blank category and degree as «без категорії» and «немає», aliases as the listed values, and skips blank rows', () => {
    const read = readStaff(
      ['  Лікар  терапевт ', '', null, '10'],
      [null, '', null, ''],
      ['Медсестра', 'Вища категорія', 'к.мед.н.', '9'],
    );
    expect(read).toEqual([
      {
        ok: true,
        line: 2,
        row: {
          qualification: 'Лікар терапевт',
          category: 'без категорії',
          scientific_degree: 'немає',
          salary: 10,
        },
      },
      {
        ok: true,
        line: 4,
        row: {
          qualification: 'Медсестра',
          category: 'вища',
          scientific_degree: 'кандидат медичних наук',
          salary: 9,
        },
      },
    ]);
  });

  it('refuses a row whose used cell is a formula without a saved value', () => {
    const read = readStaffRows(
      [{ line: 3, cells: ['Лікар', 'вища', 'немає', null], uncomputed: [3] }],
      STAFF_COLUMNS,
    );
    expect(read[0]).toMatchObject({ ok: false, line: 3 });
    expect(read[0]?.ok === false && read[0].reason).toContain('формулу без збереженого значення');
  });
});

describe('readPillRows and readMeasurementRows', () => {
  it('reads a material and refuses a blank unit or a bad price', () => {
    expect(readPills(['Бинт', 'шт', '12,50'], ['Вата', '', '1'], ['Йод', 'мл', 'x'])).toEqual([
      { ok: true, line: 2, row: { name: 'Бинт', measurementType: 'шт', price: 12.5 } },
      { ok: false, line: 3, reason: 'Поле «Одиниця» обов’язкове.' },
      { ok: false, line: 4, reason: 'Поле «Ціна»: введіть число.' },
    ]);
  });

  it('reads a unit name', () => {
    expect(readMeasurementRows(rows(['саше'], ['']), { name: 0 })).toEqual([
      { ok: true, line: 2, row: { name: 'саше' } },
    ]);
  });
});

describe('totals rows (issue 33)', () => {
  it('skips a «Разом»/«Всього»/«Итого»/«Усього» row, with or without a colon, and names it', () => {
    const read = readPills(
      ['Бинт', 'шт', '12,50'],
      ['Разом', null, '12,50'],
      ['  ВСЬОГО: ', null, '100'],
      ['Итого', '', ''],
      ['усього по відділенню', null, 5],
      [null, null, null],
    );
    expect(read).toEqual([
      { ok: true, line: 2, row: { name: 'Бинт', measurementType: 'шт', price: 12.5 } },
      {
        ok: false,
        skipped: true,
        line: 3,
        reason: 'Підсумковий рядок «Разом» пропущено: це сума, а не позиція таблиці.',
      },
      {
        ok: false,
        skipped: true,
        line: 4,
        reason: 'Підсумковий рядок «ВСЬОГО:» пропущено: це сума, а не позиція таблиці.',
      },
      {
        ok: false,
        skipped: true,
        line: 5,
        reason: 'Підсумковий рядок «Итого» пропущено: це сума, а не позиція таблиці.',
      },
      {
        ok: false,
        skipped: true,
        line: 6,
        reason:
          'Підсумковий рядок «усього по відділенню» пропущено: це сума, а не позиція таблиці.',
      },
    ]);
  });

  it('skips a totals label in the row’s first cell, before the name column', () => {
    const read = readStaffRows([{ line: 9, cells: ['Разом:', null, null, null, '45 000,00'] }], {
      qualification: 1,
      category: 2,
      scientific_degree: 3,
      salary: 4,
    });
    expect(read).toMatchObject([{ ok: false, skipped: true, line: 9 }]);
  });

  it('does not take a name that only begins with those letters for a totals row', () => {
    expect(isTotalsLabel('Разомкнутий контур')).toBe(false);
    expect(isTotalsLabel('Всьоговий')).toBe(false);
    expect(isTotalsLabel('Бинт')).toBe(false);
    expect(isTotalsLabel('Разом')).toBe(true);
    expect(isTotalsLabel('разом:')).toBe(true);
    expect(isTotalsLabel('Всього за рік')).toBe(true);
  });

  it('skips a row whose used number cell is a SUM formula (even one saved without a value)', () => {
    const read = readStaffRows(
      [
        { line: 7, cells: ['Лікар', 'вища', 'немає', 60000], sums: [3] },
        { line: 8, cells: ['Лікар', 'вища', 'немає', null], sums: [3], uncomputed: [3] },
      ],
      STAFF_COLUMNS,
    );
    expect(read).toEqual([
      {
        ok: false,
        skipped: true,
        line: 7,
        reason:
          'Рядок пропущено: у клітинці «Оклад» формула суми, тобто це підсумок, а не позиція таблиці.',
      },
      {
        ok: false,
        skipped: true,
        line: 8,
        reason:
          'Рядок пропущено: у клітинці «Оклад» формула суми, тобто це підсумок, а не позиція таблиці.',
      },
    ]);
  });
});

describe('money as accountants write it (issue 33)', () => {
  /** What a staffing row with this salary cell read to: its salary, or the reason it was refused. */
  const salaryOf = (cell: string | number) =>
    readStaff(['Лікар', 'вища', 'немає', cell]).map((r) => (r.ok ? r.row.salary : r.reason))[0];

  it.each<[string | number, number]>([
    ['1 234,56', 1234.56],
    ['1234.56', 1234.56],
    ['20 000', 20000],
    ['20\u00a0000,5', 20000.5],
    [15000, 15000],
    ['20 000,00 грн', 20000],
    ['20\u00a0000,00', 20000],
    ['20\u202f000,00', 20000],
    ['20000.00 UAH', 20000],
    ['₴ 20 000', 20000],
    ['20 000 грн.', 20000],
    ['₴20000', 20000],
  ])(
    'reads %j (a currency mark, grouping spaces: plain, no-break, narrow no-break)',
    (cell, salary) => {
      expect(salaryOf(cell)).toBe(salary);
    },
  );

  it.each(['двадцять тисяч грн', '20 000 грн 50 коп', '20,000.00', '$ 200', '1e5 грн'])(
    'still refuses real garbage %j with the field’s message',
    (cell) => {
      expect(salaryOf(cell)).toBe('Поле «Оклад»: введіть число.');
    },
  );

  it('takes a currency mark alone for a blank salary', () => {
    expect(salaryOf('грн')).toBe('Поле «Оклад» обов’язкове.');
  });

  it('reads a material price with up to four decimals, refuses a fifth', () => {
    const read = readPills(
      ['Реагент', 'мл', '2,375 грн'],
      ['Барвник', 'мл', '0,0125'],
      ['Фарба', 'мл', '0,00125'],
    );
    expect(read.map((r) => (r.ok ? r.row.price : r.reason))).toEqual([
      2.375,
      0.0125,
      'Поле «Ціна»: не більше чотирьох знаків після коми.',
    ]);
  });
});
