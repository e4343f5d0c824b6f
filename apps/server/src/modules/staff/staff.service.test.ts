import { beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import type { RowUsageStore } from '../../lib/row-usage';
import type { RunInTransaction } from '../../lib/transaction';
import { formatMoney, type StaffRate } from '@medcalc/domain';
import { activityRows, scopeIn, writtenBy } from '../../../test/activity-rows';
import { caught } from '../../../test/caught';
import { UniqueViolationError } from '../../lib/db-errors';
import type { StaffRepository, StaffRateValues } from './staff.repository';
import { STAFF_MESSAGES, createStaffService } from './staff.service';

/** The orders using a row are read over HTTP (test/row-usage.test.ts); these tests never ask. */
const NO_USAGE: RowUsageStore = { ordersUsing: async () => ({ total: 0, orders: [] }) };

const COMPANY = 7;
const OTHER = 8;
/** The person of each test, acting in their company (or in the other one). */
const OWN = scopeIn(COMPANY);
const FOREIGN = scopeIn(OTHER);

/** The activity rows each test's service wrote. */
let log = activityRows();
beforeEach(() => {
  log = activityRows();
});

/** The service over a fake repository, writing its activity rows into `log`. */
const serviceOver = (repository: StaffRepository) =>
  createStaffService({
    staffRepository: repository,
    rowUsage: NO_USAGE,
    runInTransaction,
    activityLog: log.activityLog,
  });

/** The fake repository ignores the transaction; the work runs as it is. */
const runInTransaction: RunInTransaction = (work) => work({} as Executor);

interface StoredRate extends StaffRateValues {
  id: number;
  companyId: number;
  /** The template row this company row was copied from, if any. */
  templateId?: number;
}

/** In-memory stand-in for the Drizzle repository, ordered like it: by id. */
function createFakeRepository(seed: StoredRate[]) {
  const rows = [...seed];
  let nextId = 100;
  const failures: { insert?: Error } = {};
  const toRate = (row: StoredRate): StaffRate => ({
    id: row.id,
    qualification: row.qualification,
    category: row.category,
    scientific_degree: row.scientific_degree,
    salary: Number(row.salary),
  });
  const ofCompany = (companyId: number, id: number) =>
    rows.find((row) => row.companyId === companyId && row.id === id);
  const repository: StaffRepository = {
    async listByCompany(companyId) {
      return rows
        .filter((row) => row.companyId === companyId)
        .sort((a, b) => a.id - b.id)
        .map(toRate);
    },
    async findByTemplateIds(companyId, templateIds) {
      return rows
        .filter(
          (row) =>
            row.companyId === companyId &&
            row.templateId !== undefined &&
            templateIds.includes(row.templateId),
        )
        .sort((a, b) => a.id - b.id)
        .map((row) => ({
          id: row.id,
          templateId: row.templateId ?? 0,
          qualification: row.qualification,
          category: row.category,
          scientificDegree: row.scientific_degree,
          salary: row.salary,
        }));
    },
    async findRowsOfCompany(companyId, ids) {
      return rows
        .filter((row) => row.companyId === companyId && ids.includes(row.id))
        .map((row) => ({
          id: row.id,
          templateId: row.templateId ?? null,
          qualification: row.qualification,
          category: row.category,
          scientificDegree: row.scientific_degree,
          salary: row.salary,
        }));
    },
    async listTemplateRows() {
      return [];
    },
    async findIdsOfCompany(companyId, ids) {
      return rows
        .filter((row) => row.companyId === companyId && ids.includes(row.id))
        .map((row) => row.id);
    },
    async insert(companyId, values) {
      if (failures.insert) throw failures.insert;
      const row = { id: nextId++, companyId, ...values };
      rows.push(row);
      return toRate(row);
    },
    async updateSalary(companyId, id, salary) {
      const row = ofCompany(companyId, id);
      if (!row) return false;
      row.salary = salary;
      return true;
    },
    async remove(companyId, id) {
      const row = ofCompany(companyId, id);
      if (!row) return false;
      rows.splice(rows.indexOf(row), 1);
      return true;
    },
  };
  return { repository, rows, failures };
}

const seed = (): StoredRate[] => [
  {
    id: 1,
    companyId: COMPANY,
    qualification: 'Лікар-терапевт',
    category: 'вища',
    scientific_degree: 'немає',
    salary: '24000.00',
  },
  {
    id: 2,
    companyId: COMPANY,
    qualification: 'Сестра медична',
    category: 'перша',
    scientific_degree: 'немає',
    salary: '15000.00',
  },
  {
    id: 3,
    companyId: OTHER,
    qualification: 'Лікар-терапевт',
    category: 'вища',
    scientific_degree: 'немає',
    salary: '24000.00',
  },
];

describe('staff service', () => {
  it("changes a salary of the company's row, stored as exact text", async () => {
    const { repository, rows } = createFakeRepository(seed());
    const service = serviceOver(repository);
    await service.changeSalary(OWN, { id: 1, salary: 25999.99 });
    expect(rows.find((row) => row.id === 1)?.salary).toBe('25999.99');
    expect((await service.list(COMPANY)).find((row) => row.id === 1)?.salary).toBe(25999.99);
    expect(log.rows).toEqual([
      {
        companyId: COMPANY,
        ...writtenBy(),
        kind: 'salary',
        subject: 'Лікар-терапевт, вища, немає',
        orderName: null,
        changes: [{ field: 'Оклад', from: formatMoney('24000.00'), to: formatMoney('25999.99') }],
      },
    ]);
  });

  it('writes no activity row for a salary set to what it was, nor for the demo set-up (no actor)', async () => {
    const { repository, rows } = createFakeRepository(seed());
    const service = serviceOver(repository);
    await service.changeSalary(OWN, { id: 1, salary: 24000 });
    await service.changeSalary(
      { companyId: COMPANY, actor: null, userId: 70 },
      { id: 2, salary: 16000 },
    );
    expect(rows.find((row) => row.id === 2)?.salary).toBe('16000.00');
    expect(log.rows).toEqual([]);
  });

  it("answers 404 for another company's row and changes nothing", async () => {
    const { repository, rows } = createFakeRepository(seed());
    const service = serviceOver(repository);
    const error = await caught(service.changeSalary(OWN, { id: 3, salary: 1 }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(STAFF_MESSAGES.notFound);
    expect(rows.find((row) => row.id === 3)?.salary).toBe('24000.00');
    expect((await caught(service.remove(OWN, 3))).code).toBe('NOT_FOUND');
    expect(rows).toHaveLength(3);
    expect(log.rows).toEqual([]);
  });

  it('adds a position with a trimmed qualification and refuses the same position twice', async () => {
    const { repository } = createFakeRepository(seed());
    const service = serviceOver(repository);
    const input = {
      qualification: ' Акушерка ',
      category: 'перша',
      scientific_degree: 'немає',
      salary: 18000,
    } as const;
    const created = await service.create(OWN, input);
    expect(created).toEqual({ id: expect.any(Number), ...input, qualification: 'Акушерка' });
    expect((await service.list(COMPANY))[0]?.id).toBe(created.id);
    const duplicate = await caught(service.create(OWN, { ...input, qualification: 'АКУШЕРКА' }));
    expect(duplicate.fieldErrors).toEqual({ qualification: [STAFF_MESSAGES.duplicate] });
    // Another company's table is separate.
    await service.create(FOREIGN, input);
    const added = {
      kind: 'position',
      subject: 'Акушерка, перша, немає',
      orderName: null,
      changes: [{ field: 'Оклад', from: null, to: formatMoney('18000.00') }],
    };
    expect(log.rows).toEqual([
      { companyId: COMPANY, ...writtenBy(), ...added },
      { companyId: OTHER, ...writtenBy(), ...added },
    ]);
  });

  it("deletes the company's own row", async () => {
    const { repository, rows } = createFakeRepository(seed());
    const service = serviceOver(repository);
    await service.remove(OWN, 2);
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
    expect(log.rows).toEqual([
      {
        companyId: COMPANY,
        ...writtenBy(),
        kind: 'position',
        subject: 'Сестра медична, перша, немає',
        orderName: null,
        changes: [{ field: 'Оклад', from: formatMoney('15000.00'), to: null }],
      },
    ]);
  });
});

describe('staff service: duplicate positions', () => {
  it('turns a unique-index race into the same 422 as its own check, under qualification', async () => {
    const { repository, rows, failures } = createFakeRepository(seed());
    const service = serviceOver(repository);
    failures.insert = new UniqueViolationError('staff_rates_position_unique');
    const error = await caught(
      service.create(OWN, {
        qualification: 'Акушерка',
        category: 'перша',
        scientific_degree: 'немає',
        salary: 1,
      }),
    );
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(STAFF_MESSAGES.duplicate);
    expect(error.fieldErrors).toEqual({ qualification: [STAFF_MESSAGES.duplicate] });
    expect(rows).toHaveLength(3);
  });
});

describe('staffing table order', () => {
  const rate = (
    id: number,
    qualification: string,
    category = 'вища',
    degree = 'немає',
  ): StoredRate => ({
    id,
    companyId: COMPANY,
    qualification,
    category,
    scientific_degree: degree,
    salary: '1.00',
  });

  it('sorts qualifications in Ukrainian alphabetical order (Ґ after Г, Є after Е, І and Ї after И)', async () => {
    const names = [
      'Ґудзикар',
      'Єгер',
      'Яхтсмен',
      'Іридолог',
      'Акушерка',
      'Їдальник',
      'Гігієніст',
      'Ентомолог',
      'Иконописець',
    ];
    const { repository } = createFakeRepository(names.map((name, index) => rate(index + 1, name)));
    const service = serviceOver(repository);
    expect((await service.list(COMPANY)).map((row) => row.qualification)).toEqual([
      'Акушерка',
      'Гігієніст',
      'Ґудзикар',
      'Ентомолог',
      'Єгер',
      'Иконописець',
      'Іридолог',
      'Їдальник',
      'Яхтсмен',
    ]);
  });

  it('orders one qualification by category as listed (вища first), then degree, then id', async () => {
    const { repository } = createFakeRepository([
      rate(1, 'Лікар', 'без категорії'),
      rate(2, 'Лікар', 'друга'),
      rate(3, 'Лікар', 'вища', 'доктор медичних наук'),
      rate(4, 'лікар', 'перша'),
      rate(5, 'Лікар', 'вища'),
      rate(6, 'Лікар', 'вища', 'кандидат медичних наук'),
      rate(7, 'Лікар', 'вища'),
    ]);
    const service = serviceOver(repository);
    expect((await service.list(COMPANY)).map((row) => row.id)).toEqual([5, 7, 6, 3, 4, 2, 1]);
  });
});

describe('existingIds', () => {
  it("answers which ids are rows of the company's staffing table", async () => {
    const { repository } = createFakeRepository(seed());
    const service = serviceOver(repository);
    expect(await service.existingIds(COMPANY, [1, 2, 3, 999, 1])).toEqual(new Set([1, 2]));
    expect(await service.existingIds(OTHER, [1, 2, 3])).toEqual(new Set([3]));
    expect(await service.existingIds(COMPANY, [])).toEqual(new Set());
  });
});

describe('companyRowsByTemplateIds', () => {
  it('maps each template row onto the company’s own copy, the lowest id first', async () => {
    const rate = { category: 'вища', scientific_degree: 'немає', salary: '1.00' };
    const { repository } = createFakeRepository([
      { id: 10, companyId: COMPANY, templateId: 501, qualification: 'Лікар', ...rate },
      { id: 9, companyId: COMPANY, templateId: 501, qualification: 'Лікар (друга копія)', ...rate },
      { id: 11, companyId: OTHER, templateId: 502, qualification: 'Сестра', ...rate },
      { id: 12, companyId: COMPANY, qualification: 'Власна', ...rate },
    ]);
    const service = serviceOver(repository);
    const rows = await service.companyRowsByTemplateIds(COMPANY, [501, 502, 501]);
    expect([...rows.keys()]).toEqual([501]);
    expect(rows.get(501)).toMatchObject({ id: 9, qualification: 'Лікар (друга копія)' });
  });
});
