import { describe, expect, it } from 'vitest';
import { readMeasurementRows, readPillRows, readStaffRows, type SheetRow } from './import-rows';

const STAFF_COLUMNS = { qualification: 0, category: 1, scientific_degree: 2, salary: 3 };
const PILL_COLUMNS = { name: 0, measurementType: 1, price: 2 };
const rows = (...cells: (string | number | null)[][]): SheetRow[] =>
  cells.map((row, index) => ({ line: index + 2, cells: row }));

describe('readStaffRows', () => {
  it('reads numbers as people type them', () => {
    const read = readStaffRows(
      rows(
        ['Лікар', 'вища', 'немає', '1 234,56'],
        ['Лікар', 'перша', 'немає', '1234.56'],
        ['Лікар', 'друга', 'немає', '20 000'],
        ['Лікар', 'без категорії', 'немає', '20\u00a0000,5'],
        ['Лікар', 'вища', 'доктор медичних наук', 15000],
      ),
      STAFF_COLUMNS,
    );
    expect(read.map((r) => (r.ok ? r.row.salary : r.reason))).toEqual([
      1234.56, 1234.56, 20000, 20000.5, 15000,
    ]);
  });

  it('refuses each bad row with its line and a Ukrainian reason', () => {
    const read = readStaffRows(
      rows(
        ['', 'вища', 'немає', '100'],
        ['Лікар', 'вища', 'немає', 'сто'],
        ['Лікар', 'вища', 'немає', '-5'],
        ['Лікар', 'вища', 'немає', '10,123'],
        ['Лікар', 'найвища', 'немає', '10'],
        ['Лікар', 'вища', 'професор', '10'],
        ['Лікар', 'вища', 'немає', ''],
      ),
      STAFF_COLUMNS,
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

  it('reads blank category and degree as «без категорії» and «немає», aliases as the listed values, and skips blank rows', () => {
    const read = readStaffRows(
      rows(
        ['  Лікар  терапевт ', '', null, '10'],
        [null, '', null, ''],
        ['Медсестра', 'Вища категорія', 'к.мед.н.', '9'],
      ),
      STAFF_COLUMNS,
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
    expect(
      readPillRows(
        rows(['Бинт', 'шт', '12,50'], ['Вата', '', '1'], ['Йод', 'мл', 'x']),
        PILL_COLUMNS,
      ),
    ).toEqual([
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
