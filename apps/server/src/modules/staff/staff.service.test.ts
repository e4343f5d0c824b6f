import { describe, expect, it } from 'vitest';
import type { StaffRate } from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { StaffRepository, StaffRateValues } from './staff.repository';
import { STAFF_MESSAGES, createStaffService } from './staff.service';

const COMPANY = 7;
const OTHER = 8;

interface StoredRate extends StaffRateValues {
  id: number;
  companyId: number;
}

/** In-memory stand-in for the Drizzle repository, ordered like it: by qualification, then id. */
function createFakeRepository(seed: StoredRate[]) {
  const rows = [...seed];
  let nextId = 100;
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
        .sort((a, b) =>
          a.qualification === b.qualification
            ? a.id - b.id
            : a.qualification < b.qualification
              ? -1
              : 1,
        )
        .map(toRate);
    },
    async positionTaken(companyId, position) {
      return rows.some(
        (row) =>
          row.companyId === companyId &&
          row.qualification.toLowerCase() === position.qualification.toLowerCase() &&
          row.category === position.category &&
          row.scientific_degree === position.scientific_degree,
      );
    },
    async insert(companyId, values) {
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
  return { repository, rows };
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

async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('staff service', () => {
  it("changes a salary of the company's row, stored as exact text", async () => {
    const { repository, rows } = createFakeRepository(seed());
    const service = createStaffService({ staffRepository: repository });
    await service.changeSalary(COMPANY, { id: 1, salary: 25999.99 });
    expect(rows.find((row) => row.id === 1)?.salary).toBe('25999.99');
    expect((await service.list(COMPANY)).find((row) => row.id === 1)?.salary).toBe(25999.99);
  });

  it("answers 404 for another company's row and changes nothing", async () => {
    const { repository, rows } = createFakeRepository(seed());
    const service = createStaffService({ staffRepository: repository });
    const error = await caught(service.changeSalary(COMPANY, { id: 3, salary: 1 }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(STAFF_MESSAGES.notFound);
    expect(rows.find((row) => row.id === 3)?.salary).toBe('24000.00');
    expect((await caught(service.remove(COMPANY, 3))).code).toBe('NOT_FOUND');
    expect(rows).toHaveLength(3);
  });

  it('adds a position with a trimmed qualification and refuses the same position twice', async () => {
    const { repository } = createFakeRepository(seed());
    const service = createStaffService({ staffRepository: repository });
    const input = {
      qualification: ' Акушерка ',
      category: 'перша',
      scientific_degree: 'немає',
      salary: 18000,
    } as const;
    const created = await service.create(COMPANY, input);
    expect(created).toEqual({ id: expect.any(Number), ...input, qualification: 'Акушерка' });
    expect((await service.list(COMPANY))[0]?.id).toBe(created.id);
    const duplicate = await caught(
      service.create(COMPANY, { ...input, qualification: 'АКУШЕРКА' }),
    );
    expect(duplicate.fieldErrors).toEqual({ qualification: [STAFF_MESSAGES.duplicate] });
    // Another company's table is separate.
    await service.create(OTHER, input);
  });

  it("deletes the company's own row", async () => {
    const { repository, rows } = createFakeRepository(seed());
    const service = createStaffService({ staffRepository: repository });
    await service.remove(COMPANY, 2);
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });
});
