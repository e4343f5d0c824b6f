import { count, eq, isNull } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBack } from '../src/modules/documents/read-back';
import type { ImportPreview, ImportResult, LastImport, StaffRate } from '@medcalc/domain';
import { companies, dataImports, measurements, pills, staffRates } from '../src/db/schema';
import {
  createAgent,
  downloadWorkbook,
  registerCompanyMember,
  useTwoMembers,
  withRefusingTrigger,
  type Agent,
} from './helper';
import {
  multipartUpload,
  priceList,
  staffingTable,
  toCsv,
  toXlsx,
  type FixtureSheet,
} from './import-fixtures';

const suite = useTwoMembers();

const companyImports = (company: string, table: string) =>
  `/api/company/${company}/imports/${table}`;
const adminImports = (table: string) => `/api/administrator/imports/${table}`;

async function upload(
  agent: Agent,
  base: string,
  file: Buffer,
  fileName: string,
  columns?: Record<string, number | null>,
) {
  const { payload, headers } = multipartUpload(file, fileName, columns);
  return agent.request('POST', `${base}/preview`, payload, { headers });
}

async function preview(
  agent: Agent,
  base: string,
  file: Buffer,
  fileName: string,
  columns?: Record<string, number | null>,
) {
  const response = await upload(agent, base, file, fileName, columns);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportPreview;
}

/** The member's preview of a CSV of `table` (`toCsv`'s options) for their company's `target` table. */
const previewCsv = (
  member: { agent: Agent; company: string },
  target: string,
  fileName: string,
  table: FixtureSheet,
  options?: Parameters<typeof toCsv>[1],
) => preview(member.agent, companyImports(member.company, target), toCsv(table, options), fileName);

async function apply(agent: Agent, base: string, importId: string | null, createUnits = false) {
  return agent.post(`${base}/${importId}/apply`, { createUnits });
}

async function staffOf(member: { agent: Agent; company: string }): Promise<StaffRate[]> {
  const response = await member.agent.get(`/api/get-stuff/${member.company}`);
  expect(response.statusCode).toBe(200);
  return response.json() as StaffRate[];
}

const db = () => suite.ctx.database.db;
const importRows = async () =>
  (await db().select({ total: count() }).from(dataImports))[0]?.total ?? 0;
const ownPills = async (companyId: number | null) =>
  db()
    .select({ name: pills.name, price: pills.price, unit: measurements.name })
    .from(pills)
    .innerJoin(measurements, eq(measurements.id, pills.measurementId))
    .where(companyId === null ? isNull(pills.companyId) : eq(pills.companyId, companyId))
    .orderBy(pills.id);
const companyIdOf = async (identifier: string) => {
  const [row] = await db()
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.identifier, identifier));
  return row?.id ?? 0;
};
const staffTableOf = async (companyId: number) =>
  db()
    .select({ id: staffRates.id, salary: staffRates.salary })
    .from(staffRates)
    .where(eq(staffRates.companyId, companyId))
    .orderBy(staffRates.id);
const unitsOf = async (companyId: number | null) =>
  (
    await db()
      .select({ name: measurements.name })
      .from(measurements)
      .where(
        companyId === null ? isNull(measurements.companyId) : eq(measurements.companyId, companyId),
      )
      .orderBy(measurements.id)
  ).map((row) => row.name);
/** Everything an import may touch of one company (and the stored imports), to prove nothing changed. */
const snapshotOf = async (companyId: number) => ({
  staff: await staffTableOf(companyId),
  pills: await ownPills(companyId),
  units: await unitsOf(companyId),
  templatePills: await ownPills(null),
  templateUnits: await unitsOf(null),
});
const sheet = (headers: string[], ...rows: FixtureSheet['rows']): FixtureSheet => ({
  headers,
  rows,
});

/** Reads an .xlsx answer's first sheet as rows of cell values. */
async function sheetOf(body: Buffer): Promise<unknown[][]> {
  const workbook = await readBack(body);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('staffing table: export → edit in Excel → import', () => {
  it('changes exactly the edited cells and adds the new position (round trip), then undoes it', async () => {
    const { alice } = suite;
    const base = companyImports(alice.company, 'staff');
    const before = await staffOf(alice);
    const { workbook, sheet } = await downloadWorkbook(alice.agent, `${base}/export`);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Посада',
      'Категорія',
      'Науковий ступінь',
      'Оклад',
    ]);
    expect(sheet.actualRowCount).toBe(before.length + 1);
    const edited = [2, 10, 30].map((rowNumber) => {
      const row = sheet.getRow(rowNumber);
      const old = Number(row.getCell(4).value);
      row.getCell(4).value = old + 1234.56;
      return {
        qualification: String(row.getCell(1).value),
        category: String(row.getCell(2).value),
        old,
        new: old + 1234.56,
      };
    });
    sheet.addRow(['Лікар-генетик', 'перша', 'немає', 21500]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const result = await preview(alice.agent, base, file, 'Штатний розпис.xlsx');
    expect(result.missingColumns).toEqual([]);
    expect(result.counts).toEqual({
      updated: 3,
      added: 1,
      unchanged: before.length - 3,
      refused: 0,
    });
    expect(result.updated.map((row) => row.line)).toEqual([2, 10, 30]);
    expect(result.updated.map((row) => row.changes)).toEqual(
      edited.map((edit) => [
        { field: 'salary', old: edit.old, new: Math.round(edit.new * 100) / 100 },
      ]),
    );
    expect(result.added).toEqual([
      {
        line: before.length + 2,
        values: {
          qualification: 'Лікар-генетик',
          category: 'перша',
          scientific_degree: 'немає',
          salary: 21500,
        },
      },
    ]);

    const applied = await apply(alice.agent, base, result.importId);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as ImportResult).counts.updated).toBe(3);

    const after = await staffOf(alice);
    expect(after).toHaveLength(before.length + 1);
    const changed = after.filter((row) => {
      const earlier = before.find((other) => other.id === row.id);
      return !earlier || earlier.salary !== row.salary;
    });
    expect(changed.map((row) => [row.qualification, row.category, row.salary]).sort()).toEqual(
      [
        ...edited.map((edit) => [
          edit.qualification,
          edit.category,
          Math.round(edit.new * 100) / 100,
        ]),
        ['Лікар-генетик', 'перша', 21500],
      ].sort(),
    );

    const last = (await alice.agent.get(`${base}/last`)).json() as LastImport;
    expect(last.last?.importId).toBe(result.importId);
    const undone = await alice.agent.post(`${base}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await staffOf(alice)).toEqual(before);
    expect(((await alice.agent.get(`${base}/last`)).json() as LastImport).last).toBeNull();
    expect((await alice.agent.post(`${base}/undo`)).statusCode).toBe(404);
  });

  it('imports a 120-position staffing table from .xlsx and from a Windows-1251 «;» CSV alike', async () => {
    const { bob } = suite;
    const base = companyImports(bob.company, 'staff');
    const table = staffingTable(120);
    const fromXlsx = await preview(bob.agent, base, await toXlsx(table), 'штат.xlsx');
    const fromCsv = await preview(bob.agent, base, toCsv(table), 'штат.csv');
    expect(fromXlsx.refused).toEqual([]);
    expect(fromXlsx.counts.updated + fromXlsx.counts.added + fromXlsx.counts.unchanged).toBe(120);
    expect({ ...fromCsv, importId: null, expiresAt: null, fileName: '' }).toEqual({
      ...fromXlsx,
      importId: null,
      expiresAt: null,
      fileName: '',
    });
    const applied = await apply(bob.agent, base, fromCsv.importId);
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await staffOf(bob);
    for (const [qualification, category, degree, salary] of table.rows) {
      const row = after.find(
        (r) =>
          r.qualification === qualification &&
          r.category === category &&
          r.scientific_degree === degree,
      );
      expect(row?.salary, `${String(qualification)} ${String(category)} ${String(degree)}`).toBe(
        salary,
      );
    }
    // The earlier preview (from the .xlsx) is still a preview: applying it now finds the table changed.
    const stale = await apply(bob.agent, base, fromXlsx.importId);
    expect(stale.statusCode).toBe(409);
  });
});

describe('rows refused in the preview', () => {
  it('names every bad row with its line and a Ukrainian reason (Windows-1251, «;», numbers with spaces and commas)', async () => {
    const result = await previewCsv(
      suite.alice,
      'staff',
      'штат.csv',
      sheet(
        ['Посада', 'Категорія', 'Науковий ступінь', 'Посадовий оклад'],
        ['Лікар-дієтолог', 'вища', 'немає', '1 234,56'],
        ['', 'вища', 'немає', '1000'],
        ['Лікар-сомнолог', 'вища', 'немає', 'тисяча'],
        ['Лікар-сомнолог', 'перша', 'немає', '-100'],
        ['Лікар-сомнолог', 'друга', 'немає', '100,555'],
        ['Лікар-алерголог', 'вища', 'немає', '20 000'],
        ['Лікар-алерголог', 'ВИЩА', 'немає', '21 000'],
        ['Лікар-імунолог', 'вища', 'немає', '1234.5'],
      ),
    );
    expect(result.columns).toEqual({
      qualification: 0,
      category: 1,
      scientific_degree: 2,
      salary: 3,
    });
    expect(result.refused).toEqual([
      { line: 3, reason: 'Поле «Посада» обов’язкове.' },
      { line: 4, reason: 'Поле «Оклад»: введіть число.' },
      { line: 5, reason: 'Поле «Оклад» не може бути від’ємним.' },
      { line: 6, reason: 'Поле «Оклад»: не більше двох знаків після коми.' },
      { line: 7, reason: expect.stringContaining('(рядки 7, 8) з різними окладами') },
      { line: 8, reason: expect.stringContaining('(рядки 7, 8) з різними окладами') },
    ]);
    expect(result.added.map((row) => [row.line, row.values.salary])).toEqual([
      [2, 1234.56],
      [9, 1234.5],
    ]);
  });

  it('refuses a new unit name over 30 characters and a material without a price (UTF-8 «,» CSV)', async () => {
    const result = await previewCsv(
      suite.alice,
      'pills',
      'ціни.csv',
      sheet(
        ['Назва', 'Одиниця', 'Ціна'],
        ['Бинт', 'шт', '12.5'],
        ['Вата', 'флакон скляний темний з кришкою-крапельницею', '3'],
        ['Йод', 'мл', ''],
      ),
      { delimiter: ',', encoding: 'utf-8' },
    );
    expect(result.refused).toEqual([
      { line: 3, reason: expect.stringContaining('задовга: до 30 символів') },
      { line: 4, reason: 'Поле «Ціна» обов’язкове.' },
    ]);
    expect(result.counts.added).toBe(1);
  });

  it('uses a formula’s saved value, and refuses the row of a formula saved without one', async () => {
    const { alice } = suite;
    const file = await toXlsx(
      sheet(
        ['Посада', 'Категорія', 'Науковий ступінь', 'Оклад'],
        ['Лікар-генетик', 'друга', 'немає', { formula: '1000*2', result: 2000 }],
        ['Лікар-психолог', 'друга', 'немає', { formula: '1000*3' }],
      ),
    );
    const result = await preview(
      alice.agent,
      companyImports(alice.company, 'staff'),
      file,
      'формули.xlsx',
    );
    expect(result.added.map((row) => row.values)).toEqual([
      {
        qualification: 'Лікар-генетик',
        category: 'друга',
        scientific_degree: 'немає',
        salary: 2000,
      },
    ]);
    expect(result.refused).toEqual([
      { line: 3, reason: expect.stringContaining('формулу без збереженого значення') },
    ]);
  });
});

describe('columns the server cannot find', () => {
  it('answers the headers and the missing fields, stores nothing, and takes the column the user picks', async () => {
    const { alice } = suite;
    const base = companyImports(alice.company, 'staff');
    const file = toCsv(sheet(['Посада', 'Категорія', 'Сума'], ['Лікар-генетик', 'друга', '100']));
    const stored = await importRows();
    const missing = await preview(alice.agent, base, file, 'штат.csv');
    expect(missing).toMatchObject({
      importId: null,
      headers: ['Посада', 'Категорія', 'Сума'],
      missingColumns: ['salary'],
      added: [],
    });
    expect(await importRows()).toBe(stored);
    const picked = await preview(alice.agent, base, file, 'штат.csv', { salary: 2 });
    expect(picked.missingColumns).toEqual([]);
    expect(picked.added).toHaveLength(1);
    const bad = await upload(alice.agent, base, file, 'штат.csv', { salary: 7 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: object }).errors)).toEqual(['columns']);
  });
});

describe('bad files: a Ukrainian 422 under «file», nothing stored', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files));
  const text = (value: string) => new TextEncoder().encode(value);
  const cfb = Buffer.concat([
    Buffer.from('d0cf11e0a1b11ae1', 'hex'),
    Buffer.alloc(512),
    Buffer.from('EncryptionInfo', 'utf16le'),
    Buffer.alloc(512),
  ]);

  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, RegExp]> = [
    ['an image', () => PNG, 'фото.png', /Це не таблиця/],
    ['a renamed binary', () => PNG, 'таблиця.xlsx', /пошкоджений/],
    [
      'a ZIP that is no workbook',
      () => zip({ 'word/document.xml': text('<w/>') }),
      'таблиця.xlsx',
      /Це не таблиця/,
    ],
    ['a password-protected workbook', () => cfb, 'таблиця.xlsx', /захищено паролем/],
    [
      'a macro-enabled workbook',
      () => zip({ 'xl/workbook.xml': text('<w/>'), 'xl/vbaProject.bin': text('x') }),
      'таблиця.xlsx',
      /макроси/,
    ],
    ['a file named .xlsm', async () => toXlsx(sheet(['Назва'], ['мл'])), 'таблиця.xlsm', /макроси/],
    ['an empty sheet', async () => toXlsx(sheet([])), 'порожня.xlsx', /порожній/],
    ['headers and no rows', async () => toXlsx(sheet(['Назва'])), 'заголовки.xlsx', /порожній/],
    ['an empty CSV', () => Buffer.alloc(0), 'порожня.csv', /порожній/],
    [
      'more than 10 000 rows',
      () =>
        toCsv(sheet(['Назва'], ...Array.from({ length: 10_001 }, (_, index) => [`од ${index}`]))),
      'багато.csv',
      /Забагато рядків/,
    ],
    ['a file over 5 MB', () => Buffer.alloc(5 * 1024 * 1024 + 10, 'а;'), 'велика.csv', /до 5 МБ/],
    [
      'a zip bomb',
      () =>
        zip({
          'xl/workbook.xml': text('<w/>'),
          'xl/worksheets/sheet1.xml': new Uint8Array(110 * 1024 * 1024),
        }),
      'бомба.xlsx',
      /надто великий обсяг/,
    ],
  ];

  it.each(cases)('refuses %s', async (_label, make, fileName, message) => {
    const { alice } = suite;
    const stored = await importRows();
    const response = await upload(
      alice.agent,
      companyImports(alice.company, 'measurements'),
      await make(),
      fileName,
    );
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors.file?.[0]).toMatch(message);
    expect(body.message).toMatch(message);
    expect(await importRows()).toBe(stored);
  });

  it('refuses a request without a file', async () => {
    const { alice } = suite;
    const response = await alice.agent.post(
      `${companyImports(alice.company, 'staff')}/preview`,
      {},
    );
    expect(response.statusCode).toBe(422);
    expect((response.json() as { errors: object }).errors).toEqual({
      file: ['Оберіть файл .xlsx або .csv.'],
    });
  });
});

describe('materials: a 600-material price list with new units', () => {
  it('lists the new units, creates them only on confirmation; export → edit one price → import changes that one', async () => {
    const { alice } = suite;
    const aliceId = await companyIdOf(alice.company);
    const base = companyImports(alice.company, 'pills');
    const list = priceList(600);
    const result = await preview(alice.agent, base, toCsv(list), 'прайс.csv');
    expect(result.counts).toEqual({ updated: 0, added: 600, unchanged: 0, refused: 0 });
    expect(result.columns).toEqual({ name: 0, measurementType: 1, price: 2 });
    // «рулон» is a standard unit, «уп» the standard «упак.» written short (issue 33); «саше» is new.
    expect(result.newUnits).toEqual(['саше']);
    const unconfirmed = await apply(alice.agent, base, result.importId, false);
    expect(unconfirmed.statusCode).toBe(422);
    expect(
      (unconfirmed.json() as { errors: Record<string, string[]> }).errors.createUnits?.[0],
    ).toContain('саше');

    const applied = await apply(alice.agent, base, result.importId, true);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as ImportResult).createdUnits).toBe(1);
    expect(await unitsOf(aliceId)).toEqual(['саше']);
    const stored = await ownPills(aliceId);
    expect(stored).toHaveLength(600);
    expect(stored.map((row) => [row.name, row.unit, Number(row.price)])).toEqual(
      list.rows.map(([name, unit, price]) => [name, unit === 'уп' ? 'упак.' : unit, price]),
    );

    // Export → change one price in Excel → import changes exactly that material.
    const exported = await alice.agent.get(`${base}/export`);
    const rows = await sheetOf(exported.rawPayload);
    expect(rows[0]).toEqual(['Назва', 'Одиниця', 'Ціна']);
    expect(rows).toHaveLength(601);
    const workbook = await readBack(exported.rawPayload);
    const priceCell = workbook.worksheets[0]?.getRow(300).getCell(3);
    if (!priceCell) throw new Error('the export has no row 300');
    priceCell.value = 99.99;
    const edited = await preview(
      alice.agent,
      base,
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'Матеріали.xlsx',
    );
    expect(edited.counts).toEqual({ updated: 1, added: 0, unchanged: 599, refused: 0 });
    expect(edited.updated[0]).toMatchObject({
      line: 300,
      key: rows[299]?.[0],
      changes: [{ field: 'price', new: 99.99 }],
    });
    expect((await apply(alice.agent, base, edited.importId)).statusCode).toBe(200);
    // The later import is the one undo takes back; the 600 stay.
    expect((await alice.agent.post(`${base}/undo`)).statusCode).toBe(200);
    expect(await ownPills(aliceId)).toEqual(stored);
    expect((await alice.agent.post(`${base}/undo`)).statusCode).toBe(404);
  });

  it('applies all or nothing: a row failing in the middle (a name taken meanwhile, a database error) changes nothing', async () => {
    const { bob } = suite;
    const bobId = await companyIdOf(bob.company);
    const base = companyImports(bob.company, 'pills');
    const first = await preview(
      bob.agent,
      base,
      await toXlsx(sheet(['Назва', 'Одиниця', 'Ціна'], ['Бинт', 'шт', 10], ['Вата', 'шт', 5])),
      'a.xlsx',
    );
    expect((await apply(bob.agent, base, first.importId)).statusCode).toBe(200);
    const file = await toXlsx(
      sheet(
        ['Назва', 'Одиниця', 'Ціна'],
        ['Бинт', 'шт', 11],
        ['Новий А', 'капсула м’яка', 1],
        ['Новий Б', 'шт', 2],
        ['Новий В', 'шт', 3],
        ['Вата', 'шт', 6],
      ),
    );
    const before = await snapshotOf(bobId);

    const raced = await preview(bob.agent, base, file, 'b.xlsx');
    const taken = await bob.agent.post(`/api/company/${bob.company}/pills`, {
      name: 'Новий Б',
      measurementType: 'шт',
      price: 1,
    });
    expect(taken.statusCode).toBe(200);
    const beforeRace = await snapshotOf(bobId);
    const conflict = await apply(bob.agent, base, raced.importId, true);
    expect(conflict.statusCode).toBe(409);
    expect(await snapshotOf(bobId)).toEqual(beforeRace);
    expect(beforeRace.pills).toHaveLength(before.pills.length + 1);
    await bob.agent.delete(
      `/api/company/${bob.company}/pills/${(await db().select({ id: pills.id }).from(pills).where(eq(pills.name, 'Новий Б')))[0]?.id}`,
    );

    const failing = await preview(bob.agent, base, file, 'b.xlsx');
    const answer = await withRefusingTrigger(
      suite.ctx.database,
      { table: 'pills', event: 'INSERT', condition: "NEW.name = 'Новий Б'" },
      () => apply(bob.agent, base, failing.importId, true),
    );
    expect(answer.statusCode).toBe(500);
    expect(await snapshotOf(bobId)).toEqual(before);
    expect(((await bob.agent.get(`${base}/last`)).json() as LastImport).last?.importId).toBe(
      first.importId,
    );
  });
});

describe('units, undo and expiry', () => {
  it('a later import of the table makes the earlier one not undoable; an expired preview cannot be applied', async () => {
    const { alice } = suite;
    const aliceId = await companyIdOf(alice.company);
    const base = companyImports(alice.company, 'measurements');
    const units = await unitsOf(aliceId);
    const one = await preview(
      alice.agent,
      base,
      toCsv(sheet(['Назва'], ['мл'], ['смужка'])),
      'a.csv',
    );
    expect(one.counts).toEqual({ updated: 0, added: 1, unchanged: 1, refused: 0 });
    expect((await apply(alice.agent, base, one.importId)).statusCode).toBe(200);
    const two = await preview(
      alice.agent,
      base,
      toCsv(sheet(['Одиниця виміру'], ['драже'])),
      'b.csv',
    );
    expect((await apply(alice.agent, base, two.importId)).statusCode).toBe(200);
    expect((await apply(alice.agent, base, two.importId)).statusCode).toBe(404);
    expect(((await alice.agent.get(`${base}/last`)).json() as LastImport).last?.fileName).toBe(
      'b.csv',
    );
    expect((await alice.agent.post(`${base}/undo`)).statusCode).toBe(200);
    expect(await unitsOf(aliceId)).toEqual([...units, 'смужка']);
    expect(((await alice.agent.get(`${base}/last`)).json() as LastImport).last).toBeNull();

    const late = await preview(
      alice.agent,
      base,
      toCsv(sheet(['Назва'], ['супозиторій'])),
      'c.csv',
    );
    suite.ctx.clock.advanceMinutes(61);
    expect((await apply(alice.agent, base, late.importId)).statusCode).toBe(404);
    expect(await unitsOf(aliceId)).toEqual([...units, 'смужка']);
  });

  it('applies nothing from a preview whose stored plan does not parse: an error (logged), the table unchanged', async () => {
    const { alice } = suite;
    const aliceId = await companyIdOf(alice.company);
    const base = companyImports(alice.company, 'measurements');
    const units = await unitsOf(aliceId);
    const stored = await preview(alice.agent, base, toCsv(sheet(['Назва'], ['ампула'])), 'd.csv');
    // The plan changed by hand (or by another release): not a units plan any more.
    await db()
      .update(dataImports)
      .set({ plan: { kind: 'measurements', inserts: [7] } as never })
      .where(eq(dataImports.identifier, stored.importId ?? ''));
    const answer = await apply(alice.agent, base, stored.importId);
    expect(answer.statusCode).toBe(500);
    expect(await unitsOf(aliceId)).toEqual(units);
  });
});

describe('stored previews per company (issue 34)', () => {
  it('keeps a company’s five newest previews: the sixth drops the oldest, another company’s stay', async () => {
    const { alice } = suite;
    const carol = await registerCompanyMember(suite.ctx.app);
    const carolId = await companyIdOf(carol.company);
    const aliceBase = companyImports(alice.company, 'measurements');
    const alicePreview = await preview(
      alice.agent,
      aliceBase,
      toCsv(sheet(['Назва'], ['капсула'])),
      'alice.csv',
    );
    const tables = ['measurements', 'pills', 'measurements', 'pills', 'measurements', 'pills'];
    const previews: ImportPreview[] = [];
    for (const [index, table] of tables.entries()) {
      const file =
        table === 'pills'
          ? toCsv(sheet(['Назва', 'Одиниця', 'Ціна'], [`Бинт ${index}`, 'шт', 2]))
          : toCsv(sheet(['Назва'], [`одиниця ${index}`]));
      previews.push(
        await preview(carol.agent, companyImports(carol.company, table), file, `${index}.csv`),
      );
    }
    const stored = await db()
      .select({ identifier: dataImports.identifier })
      .from(dataImports)
      .where(eq(dataImports.companyId, carolId))
      .orderBy(dataImports.id);
    expect(stored.map((row) => row.identifier)).toEqual(
      previews.slice(1).map((one) => one.importId),
    );
    const dropped = await apply(
      carol.agent,
      companyImports(carol.company, 'measurements'),
      previews[0]?.importId ?? null,
    );
    expect(dropped.statusCode).toBe(404);
    expect((dropped.json() as { message: string }).message).toBe(
      'Перегляд імпорту не знайдено: його час минув або після нього переглянуто ще 5 файлів. Завантажте файл ще раз.',
    );
    const kept = await apply(
      carol.agent,
      companyImports(carol.company, 'measurements'),
      previews[2]?.importId ?? null,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await apply(alice.agent, aliceBase, alicePreview.importId)).statusCode).toBe(200);
  });
});

describe('undo', () => {
  it('removes the materials and the units an import added, and refuses while another material uses such a unit', async () => {
    const { bob } = suite;
    const bobId = await companyIdOf(bob.company);
    const pillsBase = companyImports(bob.company, 'pills');
    const unitsBase = companyImports(bob.company, 'measurements');
    const before = await snapshotOf(bobId);
    const result = await preview(
      bob.agent,
      pillsBase,
      toCsv(sheet(['Назва', 'Одиниця', 'Ціна'], ['Пластир котушка', 'котушка', '7,5'])),
      'p.csv',
    );
    expect((await apply(bob.agent, pillsBase, result.importId, true)).statusCode).toBe(200);
    expect(await unitsOf(bobId)).toContain('котушка');
    expect((await bob.agent.post(`${pillsBase}/undo`)).statusCode).toBe(200);
    expect(await snapshotOf(bobId)).toEqual(before);

    const units = await preview(bob.agent, unitsBase, toCsv(sheet(['Назва'], ['пакет'])), 'u.csv');
    expect((await apply(bob.agent, unitsBase, units.importId)).statusCode).toBe(200);
    const used = await bob.agent.post(`/api/company/${bob.company}/pills`, {
      name: 'Пакет стерильний',
      measurementType: 'пакет',
      price: 3,
    });
    expect(used.statusCode).toBe(200);
    const refused = await bob.agent.post(`${unitsBase}/undo`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toContain('використовує матеріал');
    expect(await unitsOf(bobId)).toContain('пакет');
  });
});

describe('issue 33: totals rows, money as written, unit synonyms, leaving rows out', () => {
  it('skips «Разом»/«Всього» rows and a SUM formula’s row, naming them; applies only the positions', async () => {
    const { bob } = suite;
    const bobId = await companyIdOf(bob.company);
    const base = companyImports(bob.company, 'pills');
    const file = await toXlsx(
      sheet(
        ['№', 'Назва', 'Одиниця', 'Ціна'],
        [1, 'Гіпс будівельний', 'кілограм', 80],
        [2, 'Розчин NaCl 0,9%', 'фл.', 35.5],
        [null, 'Разом', null, { formula: 'SUM(D2:D3)', result: 115.5 }],
        ['Всього:', null, null, 115.5],
        [3, 'Пластир', 'шт', { formula: 'SUM(D2:D3)/10', result: 11.55 }],
        [4, 'Реагент', 'мл', '2,375 грн'],
      ),
    );
    const result = await preview(bob.agent, base, file, 'підсумки.xlsx');
    expect(result.skipped).toEqual([
      { line: 4, reason: 'Підсумковий рядок «Разом» пропущено: це сума, а не позиція таблиці.' },
      { line: 5, reason: 'Підсумковий рядок «Всього:» пропущено: це сума, а не позиція таблиці.' },
      {
        line: 6,
        reason:
          'Рядок пропущено: у клітинці «Ціна» формула суми, тобто це підсумок, а не позиція таблиці.',
      },
    ]);
    expect(result.refused).toEqual([]);
    // «кілограм» is the standard «кг», «фл.» the standard «флакон»: no new unit.
    expect(result.newUnits).toEqual([]);
    expect(result.counts).toEqual({ updated: 0, added: 3, unchanged: 0, refused: 0 });
    expect((await apply(bob.agent, base, result.importId)).statusCode).toBe(200);
    expect((await ownPills(bobId)).map((row) => [row.name, row.unit, Number(row.price)])).toEqual(
      expect.arrayContaining([
        ['Гіпс будівельний', 'кг', 80],
        ['Розчин NaCl 0,9%', 'флакон', 35.5],
        // A price keeps its four decimals (issue 33).
        ['Реагент', 'мл', 2.375],
      ]),
    );
    expect((await ownPills(bobId)).some((row) => row.name === 'Пластир')).toBe(false);
  });

  it('reads «20 000,00 грн», no-break spaces, «UAH» and «₴»; still refuses garbage', async () => {
    const result = await previewCsv(
      suite.alice,
      'staff',
      'оклади.csv',
      sheet(
        ['Посада', 'Категорія', 'Науковий ступінь', 'Оклад'],
        ['Лікар-нефролог', 'вища', 'немає', '20 000,00 грн'],
        ['Лікар-нефролог', 'перша', 'немає', '20\u00a0000,00'],
        ['Лікар-нефролог', 'друга', 'немає', '20\u202f000,00'],
        ['Лікар-нефролог', 'без категорії', 'немає', '20000.00 UAH'],
        ['Сестра-нефролог', 'вища', 'немає', '₴ 20 000'],
        ['Сестра-нефролог', 'перша', 'немає', 'двадцять тисяч грн'],
        ['Сестра-нефролог', 'друга', 'немає', '20 000 грн 50 коп'],
      ),
      { encoding: 'utf-8' },
    );
    expect(result.added.map((row) => [row.line, row.values.salary])).toEqual([
      [2, 20000],
      [3, 20000],
      [4, 20000],
      [5, 20000],
      [6, 20000],
    ]);
    expect(result.refused).toEqual([
      { line: 7, reason: 'Поле «Оклад»: введіть число.' },
      { line: 8, reason: 'Поле «Оклад»: введіть число.' },
    ]);
  });

  it('applies all but the excluded rows (a new unit only they use is not asked for), and undoes that', async () => {
    const { bob } = suite;
    const bobId = await companyIdOf(bob.company);
    const base = companyImports(bob.company, 'pills');
    const first = await preview(
      bob.agent,
      base,
      toCsv(sheet(['Назва', 'Одиниця', 'Ціна'], ['Бахіли', 'пара', '2'])),
      'a.csv',
    );
    expect((await apply(bob.agent, base, first.importId)).statusCode).toBe(200);
    const before = await snapshotOf(bobId);
    const result = await preview(
      bob.agent,
      base,
      toCsv(
        sheet(
          ['Назва', 'Одиниця', 'Ціна'],
          ['Бахіли', 'пара', '2,5'],
          ['Шпатель', 'шт', '1'],
          ['Сечоприймач', 'мішечок', '12'],
          ['Бахіли', 'пара', 'x'],
        ),
      ),
      'b.csv',
    );
    expect(result.newUnits).toEqual(['мішечок']);
    const answer = async (body: unknown) => {
      const response = await bob.agent.post(`${base}/${result.importId}/apply`, body);
      return {
        status: response.statusCode,
        errors: (response.json() as { errors?: Record<string, string[]> }).errors,
      };
    };
    // Bad lists are refused in Ukrainian and change nothing.
    for (const body of [
      { excludedLines: [0] },
      { excludedLines: ['4'] },
      { excludedLines: [4, 4] },
      { excludedLines: 4 },
    ]) {
      const refused = await answer(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      // Under `excludedLines`, or `excludedLines.0` for one bad element.
      const [key, messages] = Object.entries(refused.errors ?? {})[0] ?? [];
      expect(key).toMatch(/^excludedLines(\.\d+)?$/u);
      expect(messages?.[0]).toContain('номерів рядків');
    }
    const notAWrite = await answer({ excludedLines: [5, 99] });
    expect(notAWrite.status).toBe(422);
    expect(notAWrite.errors?.excludedLines?.[0]).toBe(
      'Рядки 5, 99 імпорт не оновлює й не додає, тож виключити їх неможливо. Перегляньте файл ще раз.',
    );
    const all = await answer({ excludedLines: [2, 3, 4], createUnits: true });
    expect(all.status).toBe(422);
    expect(all.errors?.excludedLines?.[0]).toContain('Усі рядки');
    expect(await snapshotOf(bobId)).toEqual(before);

    // Leaving out the row with the new unit: no confirmation needed, no unit created.
    const applied = await bob.agent.post(`${base}/${result.importId}/apply`, {
      excludedLines: [4],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({
      message: 'Імпорт застосовано: оновлено 1, додано 1; не застосовано за вашим вибором: 1.',
      counts: { updated: 1, added: 1, unchanged: 0, refused: 1 },
      createdUnits: 0,
    });
    const after = await ownPills(bobId);
    expect(after).toHaveLength(before.pills.length + 1);
    expect(
      after
        .filter((row) => ['Бахіли', 'Шпатель', 'Сечоприймач'].includes(row.name))
        .map((row) => [row.name, Number(row.price)]),
    ).toEqual([
      ['Бахіли', 2.5],
      ['Шпатель', 1],
    ]);
    expect(await unitsOf(bobId)).toEqual(before.units);
    expect(((await bob.agent.get(`${base}/last`)).json() as LastImport).last?.counts).toEqual({
      updated: 1,
      added: 1,
      unchanged: 0,
      refused: 1,
    });
    expect((await bob.agent.post(`${base}/undo`)).statusCode).toBe(200);
    expect(await snapshotOf(bobId)).toEqual(before);
  });
});

describe('company scoping and the administrator’s template level', () => {
  it('company B cannot import into A nor apply, see or undo A’s import; A is unchanged', async () => {
    const { alice, bob } = suite;
    const aliceId = await companyIdOf(alice.company);
    const file = toCsv(sheet(['Назва'], ['чужа одиниця']));
    const aliceBase = companyImports(alice.company, 'measurements');
    const bobBase = companyImports(bob.company, 'measurements');
    const alicePreview = await preview(alice.agent, aliceBase, file, 'a.csv');
    const before = await snapshotOf(aliceId);
    expect((await upload(bob.agent, aliceBase, file, 'b.csv')).statusCode).toBe(403);
    expect((await apply(bob.agent, aliceBase, alicePreview.importId)).statusCode).toBe(403);
    expect((await apply(bob.agent, bobBase, alicePreview.importId)).statusCode).toBe(404);
    expect((await bob.agent.get(`${aliceBase}/export`)).statusCode).toBe(403);
    expect((await bob.agent.post(`${aliceBase}/undo`)).statusCode).toBe(403);
    expect(await snapshotOf(aliceId)).toEqual(before);
    expect((await apply(alice.agent, aliceBase, alicePreview.importId)).statusCode).toBe(200);
    const bobLast = (await bob.agent.get(`${bobBase}/last`)).json() as LastImport;
    expect(bobLast.last?.importId).not.toBe(alicePreview.importId);
    expect(await unitsOf(aliceId)).toContain('чужа одиниця');
  });

  it('only the administrator imports template-level materials and units', async () => {
    const { alice, admin } = suite;
    const aliceId = await companyIdOf(alice.company);
    const file = await toXlsx(
      sheet(
        ['Назва', 'Одиниця', 'Ціна'],
        ['Шаблонний бинт', 'шт', 15],
        ['Шаблонний гель', 'гель-туба', 40],
      ),
    );
    for (const [method, path] of [
      ['POST', `${adminImports('pills')}/preview`],
      ['GET', `${adminImports('pills')}/export`],
      ['GET', `${adminImports('measurements')}/template`],
      ['GET', `${adminImports('pills')}/last`],
      ['POST', `${adminImports('pills')}/undo`],
    ] as const) {
      expect(
        (await alice.agent.request(method, path, method === 'POST' ? {} : undefined)).statusCode,
        path,
      ).toBe(403);
      expect(
        (await createAgent(suite.ctx.app).request(method, path, method === 'POST' ? {} : undefined))
          .statusCode,
      ).toBe(401);
    }
    const alicePills = await ownPills(aliceId);
    const templatePills = await ownPills(null);
    const result = await preview(admin, adminImports('pills'), file, 'шаблон.xlsx');
    expect(result.newUnits).toEqual(['гель-туба']);
    expect((await apply(admin, adminImports('pills'), result.importId, true)).statusCode).toBe(200);
    expect(await ownPills(null)).toEqual([
      ...templatePills,
      { name: 'Шаблонний бинт', unit: 'шт', price: '15.0000' },
      { name: 'Шаблонний гель', unit: 'гель-туба', price: '40.0000' },
    ]);
    expect(await unitsOf(null)).toContain('гель-туба');
    expect(await ownPills(aliceId)).toEqual(alicePills);
    const template = await admin.get(`${adminImports('measurements')}/template`);
    expect(await sheetOf(template.rawPayload)).toEqual([['Назва']]);
    expect(template.headers['content-disposition']).toContain('filename');
    // Nor can a company's preview id be applied at the template level.
    const companyPreview = await preview(
      alice.agent,
      companyImports(alice.company, 'pills'),
      file,
      'c.xlsx',
    );
    expect(
      (await apply(admin, adminImports('pills'), companyPreview.importId, true)).statusCode,
    ).toBe(404);
  });
});

describe('the OpenAPI reference', () => {
  it('lists the import calls', async () => {
    const json = await suite.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/company/{companyIdentifier}/imports/{table}/preview',
        '/api/company/{companyIdentifier}/imports/{table}/{importId}/apply',
        '/api/administrator/imports/{table}/export',
      ]),
    );
  });
});
