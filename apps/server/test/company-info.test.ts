import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCompanyInfo, type CompanyInfo } from '@medcalc/domain';
import { companies } from '../src/db/schema';
import { buildTestApp, createAgent, registerUser, type Agent, type TestContext } from './helper';

let ctx: TestContext;
let alice: { agent: Agent; company: string };
let bob: { agent: Agent; company: string };

beforeAll(async () => {
  ctx = await buildTestApp();
  const first = await registerUser(ctx.app);
  const second = await registerUser(ctx.app);
  alice = { agent: first.agent, company: first.user.companyIdentifier };
  bob = { agent: second.agent, company: second.user.companyIdentifier };
});
afterAll(async () => {
  await ctx.close();
});

const url = (company: string) => `/api/company-info/${company}`;

const filledInfo = (): CompanyInfo => ({
  ...emptyCompanyInfo(),
  name: 'КНП «Обласна клінічна лікарня»',
  code: '01994633',
  payment_code: 'UA213223130000026007233566001',
  form: 2,
  ceo_name: 'Петренко Іван Іванович',
  ceo_phone: '380441234567',
  counter_name: 'Коваль Олена',
  counter_phone: '380441234568',
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
    const anonymous = createAgent(ctx.app);
    expect((await anonymous.get(url(alice.company))).statusCode).toBe(401);
    expect((await anonymous.put(url(alice.company), filledInfo())).statusCode).toBe(401);
    expect((await alice.agent.get(url(alice.company))).json()).toEqual(emptyCompanyInfo());
  });
});

describe('GET /api/company-info/{companyIdentifier}', () => {
  it('answers empty institution data for a new company', async () => {
    const response = await alice.agent.get(url(alice.company));
    expect(response.statusCode).toBe(200);
    const info = response.json() as CompanyInfo;
    expect(info).toEqual(emptyCompanyInfo());
    expect(info.name).toBe('');
    expect(info.medical_staff_salary_fund).toBeNull();
    expect(info.form).toBeNull();
  });

  it('fills in defaults for fields an older row lacks, and drops values it cannot read', async () => {
    const carol = await registerUser(ctx.app);
    await ctx.database.db
      .update(companies)
      .set({
        info: sql`${JSON.stringify({ name: 'Стара клініка', form: 9, total_number_of_beds: 40 })}::jsonb`,
      })
      .where(eq(companies.identifier, carol.user.companyIdentifier));
    const response = await carol.agent.get(url(carol.user.companyIdentifier));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...emptyCompanyInfo(),
      name: 'Стара клініка',
      total_number_of_beds: 40,
    });
  });
});

describe('PUT /api/company-info/{companyIdentifier}', () => {
  it('replaces the institution data and answers it with a message', async () => {
    const response = await alice.agent.put(url(alice.company), filledInfo());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Дані закладу збережено.', data: filledInfo() });
    expect((await alice.agent.get(url(alice.company))).json()).toEqual(filledInfo());
    // Bob's company is untouched.
    expect((await bob.agent.get(url(bob.company))).json()).toEqual(emptyCompanyInfo());
  });

  it("reads the client's number inputs: text with a comma, and '' for not filled in", async () => {
    const response = await alice.agent.put(url(alice.company), {
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
    await alice.agent.put(url(alice.company), filledInfo());
    for (const [patch, field] of [
      [{ form: 7 }, 'form'],
      [{ medical_staff_salary_fund: -1 }, 'medical_staff_salary_fund'],
      [{ total_number_of_beds: 'багато' }, 'total_number_of_beds'],
      [{ overhead_method: 'guess' }, 'overhead_method'],
    ] as Array<[Record<string, unknown>, string]>) {
      const response = await alice.agent.put(url(alice.company), { ...filledInfo(), ...patch });
      expect(response.statusCode, field).toBe(422);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors)).toEqual([field]);
    }
    expect((await alice.agent.get(url(alice.company))).json()).toEqual(filledInfo());
  });

  it("refuses another company's identifier (403) and changes nothing", async () => {
    const before = (await alice.agent.get(url(alice.company))).json();
    const read = await bob.agent.get(url(alice.company));
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: expect.any(String) });
    const write = await bob.agent.put(url(alice.company), { ...filledInfo(), name: 'Захоплено' });
    expect(write.statusCode).toBe(403);
    expect((await alice.agent.get(url(alice.company))).json()).toEqual(before);
    expect((await bob.agent.get(url(bob.company))).json()).toEqual(emptyCompanyInfo());
  });
});
