import { describe, expect, it } from 'vitest';
import { activityRows, scopeIn, writtenBy, type ActivityRow } from '../../../test/activity-rows';
import { REQUISITE_MESSAGES, emptyCompanyInfo, type CompanyInfo } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { unused } from '../../../test/caught';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompaniesRepository } from './companies.repository';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import { createCompaniesService, mergeCompanyInfo } from './companies.service';

/** What the fake repository saw: each read with its lock flag and handle, each write with its handle. */
interface Calls {
  reads: Array<{ tx: Executor | undefined; forUpdate: boolean }>;
  writes: Array<{ tx: Executor | undefined }>;
}

/** In-memory stand-in for the institution-data part of the repository. */
function createFakeRepository(
  stored: Map<number, unknown>,
  calls: Calls = { reads: [], writes: [] },
) {
  const repository: CompaniesRepository = {
    insertCompany: unused,
    findById: unused,
    listNames: unused,
    findIdByIdentifier: unused,
    async findInfo(id, tx, options = {}) {
      calls.reads.push({ tx, forUpdate: options.forUpdate === true });
      return stored.get(id);
    },
    async updateInfo(id, info, tx) {
      calls.writes.push({ tx });
      if (!stored.has(id)) return false;
      stored.set(id, info);
      return true;
    },
  };
  return repository;
}

/** A transaction runner over the fake: the work gets a stand-in handle, which the fake never queries. */
const TX = { transaction: 1 } as unknown as Executor;
const runInTransaction: RunInTransaction = (work) => work(TX);

/** The service over `stored`; `written` collects the activity rows it writes. */
function serviceOver(stored: Map<number, unknown>, calls?: Calls, written: ActivityRow[] = []) {
  const log = activityRows(written);
  return createCompaniesService({
    companiesRepository: createFakeRepository(stored, calls),
    staffTemplate: {
      copyTemplateTo: unused,
    },
    runInTransaction,
    activityLog: log.activityLog,
  });
}

describe('parseStoredCompanyInfo', () => {
  it('gives an older row the defaults of the fields it lacks', () => {
    expect(parseStoredCompanyInfo({ name: 'Клініка', total_number_of_beds: 12 })).toEqual({
      ...emptyCompanyInfo(),
      name: 'Клініка',
      total_number_of_beds: 12,
    });
  });

  it('drops only the values today’s schema cannot read', () => {
    expect(
      parseStoredCompanyInfo({ name: 'Клініка', form: 9, food_expenses: -5, code: '123' }),
    ).toEqual({
      ...emptyCompanyInfo(),
      name: 'Клініка',
      code: '123',
    });
  });

  it('reads anything that is not an object as empty data', () => {
    for (const stored of [null, 'text', 42, [1, 2]])
      expect(parseStoredCompanyInfo(stored)).toEqual(emptyCompanyInfo());
  });
});

describe('companies service: institution data', () => {
  it('reads and replaces the institution data', async () => {
    const stored = new Map<number, unknown>([[1, { name: 'Стара' }]]);
    const service = serviceOver(stored);
    expect((await service.getCompanyInfo(1)).overhead_method).toBe('computed');
    const info: CompanyInfo = {
      ...emptyCompanyInfo(),
      name: 'Нова',
      form: 1,
      food_expenses: 1000.5,
    };
    expect(await service.updateCompanyInfo(scopeIn(1), info)).toEqual(info);
    expect(stored.get(1)).toEqual(info);
    expect(await service.getCompanyInfo(1)).toEqual(info);
  });

  it('answers NOT_FOUND for a company that does not exist', async () => {
    const service = serviceOver(new Map());
    await expect(service.getCompanyInfo(5)).rejects.toBeInstanceOf(AppError);
    await expect(service.updateCompanyInfo(scopeIn(5), emptyCompanyInfo())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('companies service: a partial update of the institution data', () => {
  const stored: CompanyInfo = {
    ...emptyCompanyInfo(),
    name: 'Клініка',
    code: '12345678',
    form: 2,
    food_expenses: 1000.5,
    overhead_method: 'fixed',
    overhead_percent: 40,
    overhead_base: 'payroll',
  };

  it('keeps every field that was not sent, the overhead settings included', async () => {
    const rows = new Map<number, unknown>([[1, stored]]);
    const written: ActivityRow[] = [];
    const service = serviceOver(rows, undefined, written);
    const saved = await service.updateCompanyInfo(scopeIn(1), { name: 'Нова назва' });
    expect(saved).toEqual({ ...stored, name: 'Нова назва' });
    expect(rows.get(1)).toEqual(saved);
    // The change is the person's row in the company's log; the demo set-up's (no actor) and an unchanged save
    // write none.
    await service.updateCompanyInfo({ companyId: 1, actor: null, userId: 5 }, { address: 'Київ' });
    await service.updateCompanyInfo(scopeIn(1), { address: 'Київ' });
    expect(rows.get(1)).toMatchObject({ address: 'Київ' });
    expect(written).toEqual([
      {
        companyId: 1,
        ...writtenBy(),
        kind: 'company-info',
        subject: 'Нова назва',
        orderName: null,
        changes: [{ field: expect.any(String), from: 'Клініка', to: 'Нова назва' }],
      },
    ]);
  });

  it('clears a field sent as null or empty', async () => {
    const rows = new Map<number, unknown>([[1, stored]]);
    const saved = await serviceOver(rows).updateCompanyInfo(scopeIn(1), {
      code: '',
      form: null,
      food_expenses: null,
      overhead_percent: null,
    });
    expect(saved).toEqual({
      ...stored,
      code: '',
      form: null,
      food_expenses: null,
      overhead_percent: null,
    });
  });

  it('reads with a row lock and writes in the same transaction', async () => {
    const calls: Calls = { reads: [], writes: [] };
    await serviceOver(new Map([[1, stored]]), calls).updateCompanyInfo(scopeIn(1), {
      address: 'Київ',
    });
    expect(calls.reads).toEqual([{ tx: TX, forUpdate: true }]);
    expect(calls.writes).toEqual([{ tx: TX }]);
  });

  it('lays the update over stored data that an older schema wrote', async () => {
    const rows = new Map<number, unknown>([[1, { name: 'Стара', form: 9 }]]);
    expect(await serviceOver(rows).updateCompanyInfo(scopeIn(1), { code: '00032129' })).toEqual({
      ...emptyCompanyInfo(),
      name: 'Стара',
      code: '00032129',
    });
  });

  it('refuses a changed invalid requisite under its field, but keeps a stored legacy one (issue 13)', async () => {
    const legacy = { ...stored, code: '12345670', payment_code: '26007233566001' };
    const rows = new Map<number, unknown>([[1, legacy]]);
    const service = serviceOver(rows);
    expect(await service.updateCompanyInfo(scopeIn(1), { ...legacy, name: 'Інша' })).toMatchObject({
      code: '12345670',
      payment_code: '26007233566001',
    });
    await expect(
      service.updateCompanyInfo(scopeIn(1), { payment_code: '26007233566002', ceo_phone: 'нема' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: {
        payment_code: [REQUISITE_MESSAGES.iban],
        ceo_phone: [REQUISITE_MESSAGES.phone],
      },
    });
    expect(rows.get(1)).toMatchObject({ name: 'Інша', payment_code: '26007233566001' });
  });
});

describe('mergeCompanyInfo', () => {
  it('ignores keys whose value is undefined', () => {
    const stored = { ...emptyCompanyInfo(), name: 'Клініка' };
    expect(mergeCompanyInfo(stored, { name: undefined, total_number_of_beds: 5 })).toEqual({
      ...stored,
      total_number_of_beds: 5,
    });
  });
});
