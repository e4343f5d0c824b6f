import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import type { RunInTransaction } from '../../lib/transaction';
import { VALIDATION_MESSAGE, type Pill } from '@medcalc/domain';
import { PERSON, activityRows, writtenBy } from '../../../test/activity-rows';
import { caught } from '../../../test/caught';
import { fakeOwnedRows } from '../../../test/fake-owned-rows';
import { ForeignKeyViolationError, UniqueViolationError } from '../../lib/db-errors';
import type { Owner, PillsRepository, PillValues } from './pills.repository';
import { PILL_MESSAGES, createPillsService } from './pills.service';

/** The fake repository ignores the transaction; the work runs as it is. */
const runInTransaction: RunInTransaction = (work) => work({} as Executor);

const COMPANY = 7;
const OTHER = 8;

/** Units the fake measurements service knows: id, owner, name. */
const UNITS = [
  { id: 1, companyId: null, name: 'шт' },
  { id: 2, companyId: null, name: 'мл' },
  { id: 3, companyId: COMPANY, name: 'Банка' },
  { id: 4, companyId: OTHER, name: 'Каністра' },
];

const measurementsService = {
  async resolveUnit(owner: Owner, name: string) {
    const visible = UNITS.filter((unit) => unit.companyId === null || unit.companyId === owner);
    return visible.find((unit) => unit.name.toLowerCase() === name.trim().toLowerCase());
  },
};

interface StoredPill extends PillValues {
  id: number;
  companyId: Owner;
}

/** In-memory stand-in for the Drizzle repository with the same contract (owners, case-insensitive names). */
function createFakeRepository(seed: StoredPill[] = []) {
  const rows = [...seed];
  let nextId = 100;
  const failures: { insert?: Error; update?: Error } = {};
  const toPill = (row: StoredPill): Pill => ({
    id: row.id,
    name: row.name,
    measurementType: UNITS.find((unit) => unit.id === row.measurementId)?.name ?? '',
    price: Number(row.price),
    companyIdentifier: row.companyId === null ? null : `c${row.companyId}`,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
  });
  const { owned, page, listByOwner, findOwned, findOfCompanies } = fakeOwnedRows(rows, toPill);
  const repository: PillsRepository = {
    listByOwner,
    async listTemplateAndOwn(companyId) {
      return [...owned(null), ...owned(companyId)].map(toPill);
    },
    async pageByOwner(owner, filter) {
      const matching = owned(owner).filter((row) =>
        row.name.toLowerCase().includes(filter.search.toLowerCase()),
      );
      return page(matching, filter, toPill);
    },
    async pageOfCompanies(filter) {
      const matching = rows.filter((row) => row.companyId !== null);
      return page(matching, filter, (row) => ({ ...toPill(row), company: 'Заклад' }));
    },
    async findVisibleIds(companyId, ids) {
      return rows
        .filter(
          (row) => ids.includes(row.id) && (row.companyId === null || row.companyId === companyId),
        )
        .map((row) => row.id);
    },
    findOwned,
    findOfCompanies,
    async nameTaken(owner, name, options = {}) {
      return owned(owner).some(
        (row) =>
          row.name.toLowerCase() === name.trim().toLowerCase() && row.id !== options.exceptId,
      );
    },
    async findTemplateIds(ids) {
      return owned(null)
        .filter((row) => ids.includes(row.id))
        .map((row) => row.id);
    },
    async findIdByName(owner, name) {
      return owned(owner).find((row) => row.name.toLowerCase() === name.trim().toLowerCase())?.id;
    },
    async insertIfAbsent(owner, values) {
      if (owned(owner).some((row) => row.name.toLowerCase() === values.name.toLowerCase()))
        return undefined;
      const row = { id: nextId++, companyId: owner, ...values };
      rows.push(row);
      return row.id;
    },
    async insert(owner, values) {
      if (failures.insert) throw failures.insert;
      const row = { id: nextId++, companyId: owner, ...values };
      rows.push(row);
      return toPill(row);
    },
    async update(owner, id, values) {
      if (failures.update) throw failures.update;
      const row = owned(owner).find((candidate) => candidate.id === id);
      if (!row) return undefined;
      Object.assign(row, values);
      return toPill(row);
    },
    async remove(owner, id) {
      const index = rows.findIndex((row) => row.id === id && row.companyId === owner);
      if (index < 0) return false;
      rows.splice(index, 1);
      return true;
    },
  };
  return { repository, rows, failures };
}

const seed = (): StoredPill[] => [
  { id: 1, companyId: null, name: 'Маска', measurementId: 1, price: '1.50' },
  { id: 2, companyId: COMPANY, name: 'Вазелін', measurementId: 3, price: '35.00' },
  { id: 3, companyId: OTHER, name: 'Дезрозчин', measurementId: 4, price: '120.00' },
];

const build = (rows = seed()) => {
  const fake = createFakeRepository(rows);
  const log = activityRows();
  return {
    ...fake,
    /** The activity rows the service wrote. */
    written: log.rows,
    service: createPillsService({
      pillsRepository: fake.repository,
      measurementsService,
      // The orders using a material are read over HTTP (test/row-usage.test.ts); these tests never ask.
      rowUsage: { ordersUsing: async () => ({ total: 0, orders: [] }) },
      runInTransaction,
      activityLog: log.activityLog,
    }),
  };
};

describe('pills service', () => {
  it('stores a trimmed name, the resolved unit id and the price as exact text', async () => {
    const { service, rows } = build();
    const pill = await service.create(
      COMPANY,
      {
        name: ' Гель ',
        measurementType: 'БАНКА',
        price: 7.5,
      },
      PERSON,
    );
    expect(pill).toMatchObject({
      name: 'Гель',
      measurementType: 'Банка',
      price: 7.5,
      companyIdentifier: `c${COMPANY}`,
    });
    expect(rows.find((row) => row.id === pill.id)).toMatchObject({
      measurementId: 3,
      price: '7.5000',
      companyId: COMPANY,
    });
    const rounded = await service.create(
      COMPANY,
      {
        name: 'Бинт',
        measurementType: 'шт',
        price: 0.1 + 0.2,
      },
      PERSON,
    );
    expect(rows.find((row) => row.id === rounded.id)?.price).toBe('0.3000');
  });

  it("refuses a unit the owner does not see: another company's, or a company unit for a template", async () => {
    const { service, rows } = build();
    const foreign = await caught(
      service.create(COMPANY, { name: 'Х', measurementType: 'Каністра', price: 1 }, PERSON),
    );
    expect(foreign.fieldErrors).toEqual({ measurementType: [PILL_MESSAGES.unknownUnit] });
    expect(foreign.message).toBe(PILL_MESSAGES.unknownUnit);
    const template = await caught(
      service.create(null, { name: 'Х', measurementType: 'Банка', price: 1 }, PERSON),
    );
    expect(template.fieldErrors).toEqual({ measurementType: [PILL_MESSAGES.unknownStandardUnit] });
    expect(rows).toHaveLength(3);
  });

  it('names every bad field in one 422', async () => {
    const { service } = build();
    const error = await caught(
      service.create(COMPANY, { name: 'вазелін', measurementType: 'парсек', price: 1 }, PERSON),
    );
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(VALIDATION_MESSAGE);
    expect(error.fieldErrors).toEqual({
      name: [PILL_MESSAGES.duplicate],
      measurementType: [PILL_MESSAGES.unknownUnit],
    });
  });

  /** The field errors of the owner's refused material `name` (1 грн a шт). */
  const createErrors = async (
    service: ReturnType<typeof createPillsService>,
    owner: Owner,
    name: string,
  ) =>
    (await caught(service.create(owner, { name, measurementType: 'шт', price: 1 }, PERSON)))
      .fieldErrors;

  it('checks names per owner only', async () => {
    const { service } = build();
    await service.create(COMPANY, { name: 'Маска', measurementType: 'шт', price: 1 }, PERSON);
    await service.create(COMPANY, { name: 'Дезрозчин', measurementType: 'шт', price: 1 }, PERSON);
    expect(await createErrors(service, null, 'МАСКА')).toEqual({
      name: [PILL_MESSAGES.duplicate],
    });
  });

  it('turns a unique-index race into 422 under name', async () => {
    const { service, failures } = build();
    failures.insert = new UniqueViolationError('pills_owner_name_unique');
    expect(await createErrors(service, COMPANY, 'Новий')).toEqual({
      name: [PILL_MESSAGES.duplicate],
    });
    failures.update = new UniqueViolationError('pills_owner_name_unique');
    expect(
      (
        await caught(
          service.update(COMPANY, 2, { name: 'Інший', measurementType: 'шт', price: 1 }, PERSON),
        )
      ).statusCode,
    ).toBe(422);
  });

  it('turns a unit deleted between the unit lookup and the write into 422 under measurementType', async () => {
    const { service, failures, rows } = build();
    failures.insert = new ForeignKeyViolationError('pills_measurement_id_measurements_id_fk');
    const created = await caught(
      service.create(COMPANY, { name: 'Новий', measurementType: 'Банка', price: 1 }, PERSON),
    );
    expect(created.statusCode).toBe(422);
    expect(created.fieldErrors).toEqual({ measurementType: [PILL_MESSAGES.unknownUnit] });
    failures.update = new ForeignKeyViolationError('pills_measurement_id_measurements_id_fk');
    const updated = await caught(
      service.update(COMPANY, 2, { name: 'Вазелін', measurementType: 'Банка', price: 2 }, PERSON),
    );
    expect(updated.fieldErrors).toEqual({ measurementType: [PILL_MESSAGES.unknownUnit] });
    const template = await caught(
      service.create(null, { name: 'Шаблонний', measurementType: 'шт', price: 1 }, PERSON),
    );
    expect(template.fieldErrors).toEqual({ measurementType: [PILL_MESSAGES.unknownStandardUnit] });
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.id === 2)?.price).toBe('35.00');
  });

  it("updates the owner's material and answers 404 for another owner's", async () => {
    const { service, rows, written } = build();
    const input = { name: 'Дезрозчин', measurementType: 'мл', price: 99.99 };
    expect((await caught(service.update(COMPANY, 3, input, PERSON))).code).toBe('NOT_FOUND');
    expect((await caught(service.update(COMPANY, 1, input, PERSON))).code).toBe('NOT_FOUND');
    expect(rows.find((row) => row.id === 3)?.price).toBe('120.00');
    const updated = await service.update(
      COMPANY,
      2,
      {
        name: 'ВАЗЕЛІН',
        measurementType: 'мл',
        price: 99.99,
      },
      PERSON,
    );
    expect(updated).toMatchObject({ name: 'ВАЗЕЛІН', measurementType: 'мл', price: 99.99 });
    expect(written).toEqual([
      {
        companyId: COMPANY,
        ...writtenBy(),
        kind: 'material',
        subject: 'ВАЗЕЛІН',
        orderName: null,
        changes: [
          { field: 'Назва', from: 'Вазелін', to: 'ВАЗЕЛІН' },
          { field: 'Ціна', from: expect.any(String), to: expect.any(String) },
          { field: 'Одиниця виміру', from: 'Банка', to: 'мл' },
        ],
      },
    ]);
  });

  it("deletes the owner's material and answers 404 for anyone else's", async () => {
    const { service, rows } = build();
    expect((await caught(service.remove(COMPANY, 3, PERSON))).code).toBe('NOT_FOUND');
    expect((await caught(service.remove(null, 2, PERSON))).code).toBe('NOT_FOUND');
    await service.remove(COMPANY, 2, PERSON);
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });

  it('lists the template materials before the own ones, and pages', async () => {
    const { service } = build();
    expect((await service.listTemplateAndOwn(COMPANY)).map((pill) => pill.id)).toEqual([1, 2]);
    expect(await service.page(COMPANY, { page: 2, perPage: 5, search: '' })).toEqual({
      data: [],
      meta: { currentPage: 2, lastPage: 1 },
    });
  });
});

describe('visibleIds', () => {
  it('answers which ids are template materials or the company’s own', async () => {
    const { service } = build();
    expect(await service.visibleIds(COMPANY, [1, 2, 3, 999])).toEqual(new Set([1, 2]));
    expect(await service.visibleIds(OTHER, [1, 2, 3])).toEqual(new Set([1, 3]));
  });
});

describe('ensureTemplateMaterial', () => {
  it('uses the template material of the same name (any case) and creates one only when there is none', async () => {
    const { service, rows } = build();
    expect(
      await service.ensureTemplateMaterial({ name: ' маска ', measurementId: 2, price: 9 }),
    ).toEqual({ id: 1, created: false });
    expect(rows).toHaveLength(3);
    const made = await service.ensureTemplateMaterial({
      name: ' Вазелін ',
      measurementId: 1,
      price: 35,
    });
    expect(made.created).toBe(true);
    expect(rows.find((row) => row.id === made.id)).toMatchObject({
      companyId: null,
      name: 'Вазелін',
      measurementId: 1,
      price: '35.0000',
    });
    expect(await service.templateIds([1, 2, made.id])).toEqual(new Set([1, made.id]));
  });
});
