import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo, type CompanyInfo, type CurrentUser } from '@medcalc/domain';
import { companies } from '../src/db/schema';
import { createAgent, registerUser, useTwoMembers, type Agent } from './helper';

const suite = useTwoMembers();

const url = (company: string) => `/api/company-info/${company}`;

/** A new company's institution data: empty but for the name given at registration (issue 23). */
async function newCompanyInfo(member: { agent: Agent }): Promise<CompanyInfo> {
  const user = (await member.agent.get('/api/user')).json() as CurrentUser;
  return { ...emptyCompanyInfo(), name: user.company };
}

const filledInfo = (): CompanyInfo => ({
  ...emptyCompanyInfo(),
  name: 'КНП «Обласна клінічна лікарня»',
  code: '00032129',
  payment_code: 'UA213223130000026007233566001',
  form: 2,
  ceo_name: 'Петренко Іван Іванович',
  ceo_phone: '+380 44 123 45 67',
  counter_name: 'Коваль Олена',
  counter_phone: '+380 44 123 45 68',
  address: 'м. Київ, вул. Хрещатик, 1',
  medical_staff_salary_fund: 12_500_000.5,
  operational_expenses: 800_000,
  medical_service_rooms_area: 1520.75,
  unified_social_security_contribution_rate: 22,
  total_number_of_beds: 120,
  overhead_method: 'fixed',
  overhead_percent: 35,
  overhead_base: 'payroll',
});

describe('without a session', () => {
  it('answers 401 to GET and PUT', async () => {
    const anonymous = createAgent(suite.ctx.app);
    expect((await anonymous.get(url(suite.alice.company))).statusCode).toBe(401);
    expect((await anonymous.put(url(suite.alice.company), filledInfo())).statusCode).toBe(401);
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual(
      await newCompanyInfo(suite.alice),
    );
  });
});

describe('GET /api/company-info/{companyIdentifier}', () => {
  it('answers a new company the name given at registration and nothing else (issue 23)', async () => {
    const { agent, user, payload } = await registerUser(suite.ctx.app, {
      company: 'КНП «Центр первинної медико-санітарної допомоги № 3»',
    });
    const response = await agent.get(url(user.companyIdentifier));
    expect(response.statusCode).toBe(200);
    const info = response.json() as CompanyInfo;
    expect(info).toEqual({ ...emptyCompanyInfo(), name: payload.company });
    expect(info.name).toBe('КНП «Центр первинної медико-санітарної допомоги № 3»');
    // The legal ЄСВ rate is only offered by the page (domain `suggestCompanyInfo`), never stored unasked.
    expect(info.unified_social_security_contribution_rate).toBeNull();
    expect(info.medical_staff_salary_fund).toBeNull();
    expect(info.form).toBeNull();
  });

  it('fills in defaults for fields an older row lacks, and drops values it cannot read', async () => {
    const carol = await registerUser(suite.ctx.app);
    await suite.ctx.database.db
      .update(companies)
      .set({
        info: sql`${JSON.stringify({ name: 'Стара клініка', form: 9, total_number_of_beds: 40, ceo_phone: '0441234567', counter_phone: 'секретар' })}::jsonb`,
      })
      .where(eq(companies.identifier, carol.user.companyIdentifier));
    const response = await carol.agent.get(url(carol.user.companyIdentifier));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...emptyCompanyInfo(),
      name: 'Стара клініка',
      total_number_of_beds: 40,
      // An older row's phone is answered as phones are stored now; text that is no phone stays (issue 23; a landline grouped by its area code, issue 33).
      ceo_phone: '044 123-45-67',
      counter_phone: 'секретар',
    });
  });
});

describe('PUT /api/company-info/{companyIdentifier}', () => {
  it('replaces the institution data and answers it with a message', async () => {
    const response = await suite.alice.agent.put(url(suite.alice.company), filledInfo());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Дані закладу збережено.', data: filledInfo() });
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual(filledInfo());
    // Bob's company is untouched.
    expect((await suite.bob.agent.get(url(suite.bob.company))).json()).toEqual(
      await newCompanyInfo(suite.bob),
    );
  });

  it("stores a mobile as +380 50 123 45 67 from the spec's 380501234567 (issue 23), a landline grouped (issue 33)", async () => {
    const response = await suite.alice.agent.put(url(suite.alice.company), {
      ...filledInfo(),
      ceo_phone: '380501234567',
      counter_phone: '0352 52-12-34',
    });
    expect(response.statusCode).toBe(200);
    const stored = {
      ...filledInfo(),
      ceo_phone: '+380 50 123 45 67',
      counter_phone: '0352 52-12-34',
    };
    expect(response.json().data).toEqual(stored);
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual(stored);
    const bare = await suite.alice.agent.put(url(suite.alice.company), {
      ...filledInfo(),
      counter_phone: '380352521234',
    });
    expect(bare.json().data.counter_phone).toBe('0352 52-12-34');
  });

  it("reads the client's number inputs: text with a comma, and '' for not filled in", async () => {
    const response = await suite.alice.agent.put(url(suite.alice.company), {
      ...filledInfo(),
      form: '4',
      medical_staff_salary_fund: '1500,25',
      operational_expenses: '',
      code: null,
    });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: CompanyInfo }).data;
    expect(data.form).toBe(4);
    expect(data.medical_staff_salary_fund).toBe(1500.25);
    expect(data.operational_expenses).toBeNull();
    expect(data.code).toBe('');
  });

  it('refuses bad values with field errors (422) and keeps the stored data', async () => {
    await suite.alice.agent.put(url(suite.alice.company), filledInfo());
    for (const [patch, field] of [
      [{ form: 7 }, 'form'],
      [{ medical_staff_salary_fund: -1 }, 'medical_staff_salary_fund'],
      [{ total_number_of_beds: 'багато' }, 'total_number_of_beds'],
      [{ overhead_method: 'guess' }, 'overhead_method'],
    ] as Array<[Record<string, unknown>, string]>) {
      const response = await suite.alice.agent.put(url(suite.alice.company), {
        ...filledInfo(),
        ...patch,
      });
      expect(response.statusCode, field).toBe(422);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors)).toEqual([field]);
    }
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual(filledInfo());
  });

  it('keeps every field that was not sent: { name } alone changes only the name', async () => {
    await suite.alice.agent.put(url(suite.alice.company), filledInfo());
    const response = await suite.alice.agent.put(url(suite.alice.company), { name: 'Нова назва' });
    expect(response.statusCode).toBe(200);
    const expected = { ...filledInfo(), name: 'Нова назва' };
    expect(response.json().data).toEqual(expected);
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual(expected);
    // The overhead settings in particular survive.
    expect(expected).toMatchObject({
      overhead_method: 'fixed',
      overhead_percent: 35,
      overhead_base: 'payroll',
    });
  });

  it("clears a field sent as null or '' and keeps the rest", async () => {
    await suite.alice.agent.put(url(suite.alice.company), filledInfo());
    const response = await suite.alice.agent.put(url(suite.alice.company), {
      ceo_phone: null,
      address: '',
      form: '',
      operational_expenses: null,
      overhead_percent: '',
    });
    expect(response.statusCode).toBe(200);
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual({
      ...filledInfo(),
      ceo_phone: '',
      address: '',
      form: null,
      operational_expenses: null,
      overhead_percent: null,
    });
  });

  it('reads numbers strictly: hex, exponents and huge values are refused, blank text is "not filled in"', async () => {
    await suite.alice.agent.put(url(suite.alice.company), filledInfo());
    for (const [patch, field] of [
      [{ operational_expenses: '0x1F' }, 'operational_expenses'],
      [{ operational_expenses: '1e5' }, 'operational_expenses'],
      [{ other_areas: 1e308 }, 'other_areas'],
      [
        { unified_social_security_contribution_rate: 101 },
        'unified_social_security_contribution_rate',
      ],
      [{ overhead_percent: '100,5' }, 'overhead_percent'],
      [{ total_number_of_beds: 10.5 }, 'total_number_of_beds'],
      [{ form: '0x2' }, 'form'],
    ] as Array<[Record<string, unknown>, string]>) {
      const response = await suite.alice.agent.put(url(suite.alice.company), patch);
      expect(response.statusCode, JSON.stringify(patch)).toBe(422);
      expect(Object.keys((response.json() as { errors: object }).errors)).toEqual([field]);
    }
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual(filledInfo());
    const blank = await suite.alice.agent.put(url(suite.alice.company), {
      operational_expenses: ' ',
      medical_service_rooms_area: '1 520,5',
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().data).toMatchObject({
      operational_expenses: null,
      medical_service_rooms_area: 1520.5,
    });
  });

  it("refuses another company's identifier (403) and changes nothing", async () => {
    const before = (await suite.alice.agent.get(url(suite.alice.company))).json();
    const read = await suite.bob.agent.get(url(suite.alice.company));
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });
    const write = await suite.bob.agent.put(url(suite.alice.company), {
      ...filledInfo(),
      name: 'Захоплено',
    });
    expect(write.statusCode).toBe(403);
    // 403 before the body is validated: an invalid body does not earn a 422 with field details.
    const invalid = await suite.bob.agent.put(url(suite.alice.company), { form: 9 });
    expect(invalid.statusCode).toBe(403);
    expect(invalid.json()).toEqual({
      message: 'Немає доступу до даних іншого закладу.',
      code: 'FORBIDDEN',
    });
    expect((await suite.alice.agent.get(url(suite.alice.company))).json()).toEqual(before);
    expect((await suite.bob.agent.get(url(suite.bob.company))).json()).toEqual(
      await newCompanyInfo(suite.bob),
    );
  });
});
