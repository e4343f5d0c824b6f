import { beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import type { RunInTransaction } from '../../lib/transaction';
import type { Measurement } from '@medcalc/domain';
import { PERSON, activityRows, writtenBy } from '../../../test/activity-rows';
import { caught } from '../../../test/caught';
import { fakeOwnedRows } from '../../../test/fake-owned-rows';
import { ForeignKeyViolationError, UniqueViolationError } from '../../lib/db-errors';
import type { MeasurementsRepository, Owner } from './measurements.repository';
import { MEASUREMENT_MESSAGES, createMeasurementsService } from './measurements.service';

/** The fake repository ignores the transaction; the work runs as it is. */
const runInTransaction: RunInTransaction = (work) => work({} as Executor);

/** The activity rows each test's service wrote. */
let log = activityRows();
beforeEach(() => {
  log = activityRows();
});

interface StoredUnit {
  id: number;
  companyId: Owner;
  name: string;
}

const COMPANY = 7;
const OTHER = 8;

/**
 * An in-memory stand-in for the Drizzle repository: the same contract (owners, case-insensitive names, the
 * foreign key of materials), so the service's rules are tested without a database.
 */
function createFakeRepository(seed: StoredUnit[] = []) {
  const rows = [...seed];
  let nextId = Math.max(0, ...rows.map((row) => row.id)) + 1;
  const usedByMaterials = new Set<number>();
  const failures: { insert?: Error } = {};
  const fold = (text: string) => text.trim().toLowerCase();
  const toMeasurement = (row: StoredUnit): Measurement => ({
    id: row.id,
    name: row.name,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
  });
  const { owned, page, listByOwner, findOwned, findOfCompanies } = fakeOwnedRows(
    rows,
    toMeasurement,
  );

  const repository: MeasurementsRepository = {
    listByOwner,
    async pageByOwner(owner, filter) {
      const matching = owned(owner).filter((row) => fold(row.name).includes(fold(filter.search)));
      return page(matching, filter, toMeasurement);
    },
    async pageOfCompanies(filter) {
      const matching = rows.filter((row) => row.companyId !== null);
      return page(matching, filter, (row) => ({
        ...toMeasurement(row),
        company: `Заклад ${row.companyId}`,
        companyIdentifier: `c${row.companyId}`,
      }));
    },
    findOwned,
    findOfCompanies,
    async findByName(owners, name, options = {}) {
      const matches = rows.filter(
        (row) =>
          owners.includes(row.companyId) &&
          fold(row.name) === fold(name) &&
          row.id !== options.exceptId,
      );
      return [
        ...matches.filter((row) => row.companyId === null),
        ...matches.filter((row) => row.companyId !== null),
      ];
    },
    async insertIfAbsent(owner, name) {
      if (owned(owner).some((row) => fold(row.name) === fold(name))) return undefined;
      const row = { id: nextId++, companyId: owner, name };
      rows.push(row);
      return row;
    },
    async insert(owner, name) {
      if (failures.insert) throw failures.insert;
      const row = { id: nextId++, companyId: owner, name };
      rows.push(row);
      return toMeasurement(row);
    },
    async rename(owner, id, name) {
      const row = owned(owner).find((candidate) => candidate.id === id);
      if (!row) return undefined;
      row.name = name;
      return toMeasurement(row);
    },
    async remove(owner, id) {
      const index = rows.findIndex((row) => row.id === id && row.companyId === owner);
      if (index < 0) return false;
      if (usedByMaterials.has(id))
        throw new ForeignKeyViolationError('pills_measurement_id_measurements_id_fk');
      rows.splice(index, 1);
      return true;
    },
  };
  return { repository, rows, usedByMaterials, failures };
}

const seed = (): StoredUnit[] => [
  { id: 1, companyId: null, name: 'шт' },
  { id: 2, companyId: null, name: 'мл' },
  { id: 3, companyId: COMPANY, name: 'Ґудзик' },
  { id: 4, companyId: OTHER, name: 'Пляшечка' },
];

/** The service over a fake repository holding `rows` ({@link seed} by default), with the fake's handles. */
function serviceOver(rows: StoredUnit[] = seed()) {
  const fake = createFakeRepository(rows);
  const service = createMeasurementsService({
    measurementsRepository: fake.repository,
    runInTransaction,
    activityLog: log.activityLog,
  });
  return { ...fake, service };
}

describe('measurements service', () => {
  it('finds a standard unit by name in any case, or creates it at the standard level', async () => {
    const { rows, service } = serviceOver();
    expect(await service.ensureStandardUnit(' ШТ ')).toEqual({
      unit: { id: 1, companyId: null, name: 'шт' },
      created: false,
    });
    const made = await service.ensureStandardUnit(' Ґудзик ');
    expect(made).toMatchObject({ created: true, unit: { companyId: null, name: 'Ґудзик' } });
    expect(rows.filter((row) => row.name === 'Ґудзик').map((row) => row.companyId)).toEqual([
      COMPANY,
      null,
    ]);
  });

  it('offers the standard units as value and label', async () => {
    const { service } = serviceOver();
    expect(await service.listStandardOptions()).toEqual([
      { value: 1, label: 'шт' },
      { value: 2, label: 'мл' },
    ]);
  });

  it('creates a trimmed unit for the company', async () => {
    const { rows, service } = serviceOver();
    const created = await service.create(COMPANY, { name: '  Банка ' }, PERSON);
    expect(created.name).toBe('Банка');
    expect(rows.find((row) => row.id === created.id)?.companyId).toBe(COMPANY);
    expect(log.rows).toEqual([
      {
        companyId: COMPANY,
        ...writtenBy(),
        kind: 'unit',
        subject: 'Банка',
        orderName: null,
        changes: [{ field: 'Назва', from: null, to: 'Банка' }],
      },
    ]);
  });

  it("refuses a company name that repeats its own unit or a standard unit, but not another company's", async () => {
    const { rows, service } = serviceOver();
    const own = await caught(service.create(COMPANY, { name: 'ґУДЗИК' }, PERSON));
    expect(own.code).toBe('VALIDATION');
    expect(own.fieldErrors).toEqual({ name: [MEASUREMENT_MESSAGES.duplicate] });
    const standard = await caught(service.create(COMPANY, { name: 'ШТ' }, PERSON));
    expect(standard.fieldErrors).toEqual({ name: [MEASUREMENT_MESSAGES.duplicateStandard] });
    await service.create(COMPANY, { name: 'Пляшечка' }, PERSON);
    expect(rows.filter((row) => row.name === 'Пляшечка')).toHaveLength(2);
  });

  it('lets the administrator add a standard unit a company already has (copy into templates)', async () => {
    const { service } = serviceOver();
    const created = await service.create(null, { name: 'Ґудзик' }, PERSON);
    expect((await service.list(null)).map((unit) => unit.id)).toContain(created.id);
    expect((await caught(service.create(null, { name: 'МЛ' }, PERSON))).code).toBe('VALIDATION');
    // A standard unit is no company's: no activity row.
    expect(log.rows).toEqual([]);
  });

  it('turns a unique-index race into 422 under name', async () => {
    const { failures, service } = serviceOver();
    failures.insert = new UniqueViolationError('measurements_owner_name_unique');
    const error = await caught(service.create(COMPANY, { name: 'Нова' }, PERSON));
    expect(error.statusCode).toBe(422);
    expect(error.fieldErrors).toEqual({ name: [MEASUREMENT_MESSAGES.duplicate] });
  });

  it("renames only the owner's unit and allows its own name in another case", async () => {
    const { rows, service } = serviceOver();
    expect((await caught(service.update(COMPANY, 4, { name: 'Чужа' }, PERSON))).code).toBe(
      'NOT_FOUND',
    );
    expect((await caught(service.update(COMPANY, 1, { name: 'Чужа' }, PERSON))).code).toBe(
      'NOT_FOUND',
    );
    expect(rows.find((row) => row.id === 4)?.name).toBe('Пляшечка');
    expect((await service.update(COMPANY, 3, { name: 'ҐУДЗИК' }, PERSON)).name).toBe('ҐУДЗИК');
    expect((await caught(service.update(COMPANY, 3, { name: 'мл' }, PERSON))).fieldErrors).toEqual({
      name: [MEASUREMENT_MESSAGES.duplicateStandard],
    });
  });

  it('refuses to delete a unit a material uses (409) and keeps it', async () => {
    const { rows, usedByMaterials, service } = serviceOver();
    usedByMaterials.add(3);
    const error = await caught(service.remove(COMPANY, 3, PERSON));
    expect(error.code).toBe('CONFLICT');
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(MEASUREMENT_MESSAGES.inUse);
    expect(rows.some((row) => row.id === 3)).toBe(true);
  });

  it("deletes the owner's unit and answers 404 for anyone else's", async () => {
    const { rows, service } = serviceOver();
    expect((await caught(service.remove(COMPANY, 4, PERSON))).code).toBe('NOT_FOUND');
    expect((await caught(service.remove(COMPANY, 1, PERSON))).code).toBe('NOT_FOUND');
    await service.remove(COMPANY, 3, PERSON);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 4]);
    expect(log.rows).toEqual([
      expect.objectContaining({
        companyId: COMPANY,
        ...writtenBy(),
        kind: 'unit',
        changes: [{ field: 'Назва', from: 'Ґудзик', to: null }],
      }),
    ]);
  });

  it('pages with lastPage at least 1 and an empty page past the end', async () => {
    const { service } = serviceOver();
    for (let index = 1; index <= 6; index += 1)
      await service.create(OTHER, { name: `Одиниця ${index}` }, PERSON);
    expect((await service.page(OTHER, { page: 2, perPage: 5, search: '' })).meta).toEqual({
      currentPage: 2,
      lastPage: 2,
    });
    expect(await service.page(OTHER, { page: 3, perPage: 5, search: '' })).toEqual({
      data: [],
      meta: { currentPage: 3, lastPage: 2 },
    });
    expect(await service.page(null, { page: 1, perPage: 10, search: 'кг' })).toEqual({
      data: [],
      meta: { currentPage: 1, lastPage: 1 },
    });
  });

  it("resolves a material's unit among the standard and the company's own units only", async () => {
    const { service } = serviceOver([...seed(), { id: 9, companyId: COMPANY, name: 'ШТ' }]);
    expect(await service.resolveUnit(COMPANY, 'Шт')).toMatchObject({ id: 1, companyId: null });
    expect(await service.resolveUnit(COMPANY, 'ґудзик')).toMatchObject({ id: 3 });
    expect(await service.resolveUnit(COMPANY, 'Пляшечка')).toBeUndefined();
    expect(await service.resolveUnit(null, 'ґудзик')).toBeUndefined();
  });
});
