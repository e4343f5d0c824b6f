import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo, type CompanyInfo } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { CompaniesRepository } from './companies.repository';
import { createCompaniesService, parseStoredCompanyInfo } from './companies.service';

/** In-memory stand-in for the institution-data part of the repository. */
function createFakeRepository(stored: Map<number, unknown>) {
  const unused = async (): Promise<never> => {
    throw new Error('not used by these tests');
  };
  const repository: CompaniesRepository = {
    insertCompany: unused,
    copyTemplateStaff: unused,
    findById: unused,
    async findInfo(id) {
      return stored.get(id);
    },
    async updateInfo(id, info) {
      if (!stored.has(id)) return false;
      stored.set(id, info);
      return true;
    },
  };
  return repository;
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
    const service = createCompaniesService({ companiesRepository: createFakeRepository(stored) });
    expect((await service.getCompanyInfo(1)).overhead_method).toBe('computed');
    const info: CompanyInfo = {
      ...emptyCompanyInfo(),
      name: 'Нова',
      form: 1,
      food_expenses: 1000.5,
    };
    expect(await service.updateCompanyInfo(1, info)).toEqual(info);
    expect(stored.get(1)).toEqual(info);
    expect(await service.getCompanyInfo(1)).toEqual(info);
  });

  it('answers NOT_FOUND for a company that does not exist', async () => {
    const service = createCompaniesService({
      companiesRepository: createFakeRepository(new Map()),
    });
    await expect(service.getCompanyInfo(5)).rejects.toBeInstanceOf(AppError);
    await expect(service.updateCompanyInfo(5, emptyCompanyInfo())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
