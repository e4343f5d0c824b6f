import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_CATEGORIES } from '@medcalc/domain';
import { companies, staffRates } from '../src/db/schema';
import { UniqueViolationError } from '../src/lib/db-errors';
import { createStaffRepository } from '../src/modules/staff/staff.repository';
import {
  createAgent,
  expectFieldErrors,
  registerUser,
  type CompanyMember,
  useTwoMembers,
  expectEachAnswered,
  aTemplateRowOf,
  storedRowOf,
  toastedData,
} from './helper';
import { useTemplateCount } from './template-rows';

interface StaffRateBody {
  id: number;
  qualification: string;
  category: string;
  scientific_degree: string;
  salary: number;
}

const suite = useTwoMembers();
const templateRows = useTemplateCount(suite, staffRates);

async function staffOf(who: CompanyMember): Promise<StaffRateBody[]> {
  const response = await who.agent.get(`/api/get-stuff/${who.company}`);
  expect(response.statusCode).toBe(200);
  return response.json() as StaffRateBody[];
}

/** The salary the member's table shows for row `id`, read again through the API. */
const salaryOf = async (who: CompanyMember, id: number | undefined) =>
  (await staffOf(who)).find((item) => item.id === id)?.salary;

/** Row `id` of the staffing table as the database holds it (the salary as the numeric column stores it). */
const storedRateOf = (id: number | undefined) => storedRowOf(suite.ctx.database.db, staffRates, id);

const position = {
  qualification: 'Лікар-кардіолог',
  category: 'вища',
  scientific_degree: 'кандидат медичних наук',
  salary: 31500.5,
};

describe('without a session', () => {
  it('answers 401 to every call', async () => {
    const anonymous = createAgent(suite.ctx.app);
    const [row] = await suite.ctx.database.db.select().from(staffRates).limit(1);
    await expectEachAnswered(
      anonymous,
      [
        ['GET', `/api/get-stuff/${suite.alice.company}`],
        ['POST', '/api/change-salary', { id: row?.id, salary: 1 }],
        ['POST', `/api/company/${suite.alice.company}/stuff`, position],
        ['DELETE', `/api/company/${suite.alice.company}/stuff/${row?.id}`],
      ],
      401,
    );
    expect(await storedRateOf(row?.id)).toEqual(row);
  });
});

describe('GET /api/get-stuff/{companyId}', () => {
  it("answers the company's copy of the template staffing table", async () => {
    const list = await staffOf(suite.alice);
    expect(templateRows.total).toBeGreaterThan(0);
    expect(list).toHaveLength(templateRows.total);
    for (const row of list) {
      expect(row).toEqual({
        id: expect.any(Number),
        qualification: expect.any(String),
        category: expect.any(String),
        scientific_degree: expect.any(String),
        salary: expect.any(Number),
      });
    }
    const stored = await suite.ctx.database.db
      .select()
      .from(staffRates)
      .where(isNull(staffRates.companyId));
    const ids = new Set(stored.map((row) => row.id));
    // The company's rows are its own copies, not the template rows.
    expect(list.some((row) => ids.has(row.id))).toBe(false);
    const therapist = list.find(
      (row) => row.qualification === 'Лікар-терапевт' && row.category === 'вища',
    );
    expect(therapist?.salary).toBe(24000);
  });

  it('orders rows by qualification, then category as listed, the same on every read', async () => {
    const list = await staffOf(suite.alice);
    expect(await staffOf(suite.alice)).toEqual(list);
    const seen = new Set<string>();
    let previous: StaffRateBody | undefined;
    for (const row of list) {
      if (previous && previous.qualification === row.qualification) {
        expect(
          STAFF_CATEGORIES.indexOf(row.category as (typeof STAFF_CATEGORIES)[number]),
        ).toBeGreaterThanOrEqual(
          STAFF_CATEGORIES.indexOf(previous.category as (typeof STAFF_CATEGORIES)[number]),
        );
      } else {
        // Rows of one qualification are contiguous.
        expect(seen.has(row.qualification)).toBe(false);
        seen.add(row.qualification);
      }
      previous = row;
    }
  });

  it("refuses another company's table (403)", async () => {
    const response = await suite.bob.agent.get(`/api/get-stuff/${suite.alice.company}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('POST /api/change-salary', () => {
  /** `member` changes the salary of row `id` (any body values, wrong ones too). */
  const changeSalary = (member: CompanyMember, body: { id?: unknown; salary?: unknown }) =>
    member.agent.post('/api/change-salary', body);

  it('saves a salary, with two decimals at most', async () => {
    const [row] = await staffOf(suite.alice);
    const response = await changeSalary(suite.alice, { id: row?.id, salary: 25999.99 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Оклад збережено.' });
    expect(await salaryOf(suite.alice, row?.id)).toBe(25999.99);
    expect((await storedRateOf(row?.id))?.salary).toBe('25999.99');

    const asText = await changeSalary(suite.alice, { id: String(row?.id), salary: '26 000,5' });
    expect(asText.statusCode).toBe(200);
    expect(await salaryOf(suite.alice, row?.id)).toBe(26000.5);
  });

  it('refuses a bad salary or id (422) and keeps the old salary', async () => {
    const [row] = await staffOf(suite.alice);
    for (const salary of [-1, 0.001, 'багато', null, undefined]) {
      expectFieldErrors(await changeSalary(suite.alice, { id: row?.id, salary }), ['salary']);
    }
    expectFieldErrors(await changeSalary(suite.alice, { salary: 100 }), ['id']);
    expectFieldErrors(await changeSalary(suite.alice, { id: -3, salary: 100 }), ['id']);
    expect(await salaryOf(suite.alice, row?.id)).toBe(row?.salary);
  });

  it('answers 404 for a row of another company, or a template row, and changes nothing', async () => {
    const [aliceRow] = await staffOf(suite.alice);
    const response = await changeSalary(suite.bob, { id: aliceRow?.id, salary: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await salaryOf(suite.alice, aliceRow?.id)).toBe(aliceRow?.salary);

    const template = await aTemplateRowOf(suite.ctx.database.db, staffRates);
    expect((await changeSalary(suite.bob, { id: template?.id, salary: 1 })).statusCode).toBe(404);
    expect((await storedRateOf(template?.id))?.salary).toBe(template?.salary);
    expect((await changeSalary(suite.bob, { id: 999999, salary: 1 })).statusCode).toBe(404);
  });
});

describe('own positions: POST and DELETE /api/company/{companyIdentifier}/stuff', () => {
  it('adds a position and answers the new row', async () => {
    const response = await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
      ...position,
      qualification: '  Лікар-кардіолог  ',
    });
    const row = toastedData<StaffRateBody>(response, 'Посаду додано до штатного розпису.');
    expect(row).toEqual({ id: expect.any(Number), ...position });
    const list = await staffOf(suite.alice);
    expect(list).toHaveLength(templateRows.total + 1);
    expect(list).toContainEqual(row);
    expect(await staffOf(suite.bob)).not.toContainEqual(row);
  });

  it('sorts a new position among the others by qualification', async () => {
    const response = await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
      ...position,
      qualification: 'Акушерка',
      scientific_degree: 'немає',
    });
    expect(response.statusCode).toBe(200);
    expect((await staffOf(suite.alice))[0]?.qualification).toBe('Акушерка');
  });

  it('sorts qualifications in Ukrainian alphabetical order: Ґ after Г, Є after Е, І after И', async () => {
    const carol = await registerUser(suite.ctx.app);
    const company = carol.user.companyIdentifier;
    const names = ['Ґрунтознавець', 'Єгер', 'Іридолог', 'Гігієніст', 'Яхтсмен', 'Ентомолог'];
    for (const qualification of names) {
      const response = await carol.agent.post(`/api/company/${company}/stuff`, {
        ...position,
        qualification,
      });
      expect(response.statusCode).toBe(200);
    }
    const list = await staffOf({ agent: carol.agent, company });
    const order = list.map((row) => row.qualification).filter((name) => names.includes(name));
    expect(order).toEqual([
      'Гігієніст',
      'Ґрунтознавець',
      'Ентомолог',
      'Єгер',
      'Іридолог',
      'Яхтсмен',
    ]);
    // Template qualifications starting with Л and Ф sit between Іридолог and Яхтсмен.
    const all = list.map((row) => row.qualification);
    expect(all.indexOf('Лікар-терапевт')).toBeGreaterThan(all.indexOf('Іридолог'));
    expect(all.indexOf('Фельдшер')).toBeLessThan(all.indexOf('Яхтсмен'));
  });

  it('answers 422, never 500, when the same position is posted twice at once', async () => {
    const same = { ...position, qualification: 'Лікар-алерголог' };
    const responses = await Promise.all([
      suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, same),
      suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
        ...same,
        qualification: 'лікар-алерголог',
      }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const rejected = responses.find((response) => response.statusCode === 422);
    expect(rejected?.json().errors).toEqual({ qualification: [expect.any(String)] });
    const list = await staffOf(suite.alice);
    expect(
      list.filter((row) => row.qualification.toLowerCase() === 'лікар-алерголог'),
    ).toHaveLength(1);
  });

  it('the database itself refuses a duplicate position, Cyrillic case folded (the index behind the check)', async () => {
    const [company] = await suite.ctx.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.identifier, suite.alice.company));
    if (!company) throw new Error('company not found');
    // Straight to the repository: the service's own check is what this index backs up in a race.
    const repository = createStaffRepository(suite.ctx.database.db);
    const values = {
      qualification: 'Лікар-ендокринолог',
      category: 'перша',
      scientific_degree: 'немає',
      salary: '20000.00',
    };
    await repository.insert(company.id, values);
    await expect(
      repository.insert(company.id, { ...values, qualification: 'ЛІКАР-ЕНДОКРИНОЛОГ' }),
    ).rejects.toBeInstanceOf(UniqueViolationError);
    // Another category, or another company, is another position.
    await repository.insert(company.id, { ...values, category: 'друга' });
    const [other] = await suite.ctx.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.identifier, suite.bob.company));
    if (!other) throw new Error('company not found');
    await repository.insert(other.id, values);
  });

  it('refuses the same position twice (case-insensitively) and bad fields (422)', async () => {
    expectFieldErrors(
      await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
        ...position,
        qualification: 'ЛІКАР-КАРДІОЛОГ',
      }),
      ['qualification'],
    );
    // Another category is another position.
    const other = await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
      ...position,
      category: 'перша',
    });
    expect(other.statusCode).toBe(200);

    expectFieldErrors(
      await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {}),
      ['qualification', 'category', 'scientific_degree', 'salary'],
    );
    expectFieldErrors(
      await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
        ...position,
        category: 'найвища',
      }),
      ['category'],
    );
    expectFieldErrors(
      await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
        ...position,
        scientific_degree: 'академік',
      }),
      ['scientific_degree'],
    );
    expectFieldErrors(
      await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
        ...position,
        salary: 10.555,
      }),
      ['salary'],
    );
    expectFieldErrors(
      await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
        ...position,
        qualification: '   ',
      }),
      ['qualification'],
    );
  });

  it('deletes an own row; another company gets 403 for the URL and 404 for the id', async () => {
    const created = (
      await suite.alice.agent.post(`/api/company/${suite.alice.company}/stuff`, {
        ...position,
        qualification: 'Санітар',
      })
    ).json().data as StaffRateBody;

    expect(
      (await suite.bob.agent.delete(`/api/company/${suite.alice.company}/stuff/${created.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await suite.bob.agent.post(`/api/company/${suite.alice.company}/stuff`, position))
        .statusCode,
    ).toBe(403);
    expect(
      (await suite.bob.agent.delete(`/api/company/${suite.bob.company}/stuff/${created.id}`))
        .statusCode,
    ).toBe(404);
    expect(await staffOf(suite.alice)).toContainEqual(created);
    expect(
      (await staffOf(suite.alice)).filter((row) => row.qualification === position.qualification),
    ).toHaveLength(2);

    const deleted = await suite.alice.agent.delete(
      `/api/company/${suite.alice.company}/stuff/${created.id}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Посаду видалено зі штатного розпису.' });
    expect((await staffOf(suite.alice)).map((row) => row.id)).not.toContain(created.id);
    expect(
      (await suite.alice.agent.delete(`/api/company/${suite.alice.company}/stuff/${created.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('a template row cannot be deleted through a company', async () => {
    const template = await aTemplateRowOf(suite.ctx.database.db, staffRates);
    expect(
      (await suite.alice.agent.delete(`/api/company/${suite.alice.company}/stuff/${template?.id}`))
        .statusCode,
    ).toBe(404);
    expect(await storedRateOf(template?.id)).toEqual(template);
  });
});
