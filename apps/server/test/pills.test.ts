import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '@medcalc/domain';
import { pills } from '../src/db/schema';
import {
  createAgent,
  expectEachAnswered,
  expectFieldErrors,
  registerUser,
  type Agent,
  useTwoMembers,
  aTemplateRowOf,
  storedRowOf,
  toastedData,
} from './helper';
import { useTemplateCount } from './template-rows';

interface PillBody {
  id: number;
  name: string;
  measurementType: string;
  price: number;
  companyIdentifier: string | null;
  created_at: string;
  updated_at: string;
}

const suite = useTwoMembers();
const templateRows = useTemplateCount(suite, pills);

const base = (company: string) => `/api/company/${company}/pills`;

async function addPill(
  agent: Agent,
  company: string,
  input: { name: string; measurementType?: string; price?: unknown },
): Promise<PillBody> {
  const response = await agent.post(base(company), { measurementType: 'шт', price: 10, ...input });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: PillBody }).data;
}

async function ownPills(company: string, agent: Agent): Promise<PillBody[]> {
  const response = await agent.get(`${base(company)}/list`);
  expect(response.statusCode).toBe(200);
  return response.json() as PillBody[];
}

describe('without a session', () => {
  it('answers 401 to every call', async () => {
    const anonymous = createAgent(suite.ctx.app);
    const input = { name: 'Анонімний', measurementType: 'шт', price: 1 };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/pills/list'],
      ['GET', base(suite.alice.company)],
      ['GET', `${base(suite.alice.company)}/list`],
      ['GET', `${base(suite.alice.company)}/all-list`],
      ['POST', base(suite.alice.company), input],
      ['PUT', `${base(suite.alice.company)}/1`, input],
      ['DELETE', `${base(suite.alice.company)}/1`],
      ['GET', '/api/pills'],
      ['GET', '/api/pills/companies'],
      ['POST', '/api/pills', input],
      ['PUT', '/api/pills/1', input],
      ['DELETE', '/api/pills/1'],
    ];
    for (const [method, url, body] of calls) {
      const response = await anonymous.request(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await suite.ctx.database.db
      .select({ total: count() })
      .from(pills)
      .where(eq(pills.name, 'Анонімний'));
    expect(row?.total).toBe(0);
  });
});

describe('template materials for every user', () => {
  it('GET /api/pills/list answers every template material', async () => {
    const response = await suite.alice.agent.get('/api/pills/list');
    expect(response.statusCode).toBe(200);
    const list = response.json() as PillBody[];
    expect(templateRows.total).toBeGreaterThan(0);
    expect(list).toHaveLength(templateRows.total);
    for (const pill of list) {
      expect(pill.companyIdentifier).toBeNull();
      expect(typeof pill.price).toBe('number');
      expect(pill.measurementType).not.toBe('');
    }
    expect(
      list.find((pill) => pill.name === 'Рукавички оглядові нітрилові нестерильні'),
    ).toMatchObject({
      measurementType: 'пара',
      price: 7.5,
    });
  });
});

describe("the company's own materials", () => {
  it('adds, reads, changes and deletes a material', async () => {
    const created = await suite.alice.agent.post(base(suite.alice.company), {
      name: '  Гель охолоджуючий  ',
      measurementType: 'ТУБА',
      price: 120.5,
    });
    const material = toastedData<PillBody>(created, 'Матеріал додано.');
    expect(material).toEqual({
      id: expect.any(Number),
      name: 'Гель охолоджуючий',
      measurementType: 'туба',
      price: 120.5,
      companyIdentifier: suite.alice.company,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const [stored] = await suite.ctx.database.db
      .select()
      .from(pills)
      .where(eq(pills.id, material.id));
    expect(stored?.price).toBe('120.5000');

    const changed = await suite.alice.agent.put(`${base(suite.alice.company)}/${material.id}`, {
      name: 'Гель охолоджуючий',
      measurementType: 'мл',
      price: '0,35',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Матеріал змінено.',
      data: { id: material.id, measurementType: 'мл', price: 0.35 },
    });
    expect(
      (await ownPills(suite.alice.company, suite.alice.agent)).find(
        (pill) => pill.id === material.id,
      )?.price,
    ).toBe(0.35);

    const deleted = await suite.alice.agent.delete(`${base(suite.alice.company)}/${material.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Матеріал видалено.' });
    expect(
      (await ownPills(suite.alice.company, suite.alice.agent)).map((pill) => pill.id),
    ).not.toContain(material.id);
    expect(
      (await suite.alice.agent.delete(`${base(suite.alice.company)}/${material.id}`)).statusCode,
    ).toBe(404);
  });

  it('keeps prices exact to four decimals (issue 33: a reagent at 2,375 грн/мл)', async () => {
    for (const [price, expected, storedText] of [
      [0.1, 0.1, '0.1000'],
      [1.005, 1.005, '1.0050'],
      ['2,375', 2.375, '2.3750'],
      [0.0125, 0.0125, '0.0125'],
      [0.00125, 0, undefined],
      [1234567.89, 1234567.89, '1234567.8900'],
      [999_999_999.9999, 999_999_999.9999, '999999999.9999'],
      ['7,50', 7.5, '7.5000'],
      [0, 0, '0.0000'],
    ] as Array<[unknown, number, string | undefined]>) {
      const response = await suite.alice.agent.post(base(suite.alice.company), {
        name: `Ціна ${String(price)}`,
        measurementType: 'шт',
        price,
      });
      if (storedText === undefined) {
        // Five decimals are refused.
        expectFieldErrors(response, ['price']);
        expect(response.json().errors.price[0]).toBe(
          'Поле «Ціна»: не більше чотирьох знаків після коми.',
        );
        continue;
      }
      expect(response.statusCode, String(price)).toBe(200);
      const data = (response.json() as { data: PillBody }).data;
      expect(data.price).toBe(expected);
      const [stored] = await suite.ctx.database.db
        .select()
        .from(pills)
        .where(eq(pills.id, data.id));
      expect(stored?.price).toBe(storedText);
    }
  });

  it('validates name, unit and price (422 with field errors)', async () => {
    expectFieldErrors(await suite.alice.agent.post(base(suite.alice.company), {}), [
      'name',
      'measurementType',
      'price',
    ]);
    for (const name of [' ', 'я'.repeat(MAX_NAME_LENGTH + 1)]) {
      expectFieldErrors(
        await suite.alice.agent.post(base(suite.alice.company), {
          name,
          measurementType: 'шт',
          price: 1,
        }),
        ['name'],
      );
    }
    // A longer name is refused, never stored cut (issue 33).
    expect(
      (await ownPills(suite.alice.company, suite.alice.agent)).map((pill) => pill.name.length),
    ).not.toContain(MAX_NAME_LENGTH);
    for (const price of [-1, -0.01, 0.34567, 'abc', '', null, 1e12]) {
      expectFieldErrors(
        await suite.alice.agent.post(base(suite.alice.company), {
          name: 'Погана ціна',
          measurementType: 'шт',
          price,
        }),
        ['price'],
      );
    }
    expectFieldErrors(
      await suite.alice.agent.post(base(suite.alice.company), {
        name: 'Без одиниці',
        measurementType: '  ',
        price: 1,
      }),
      ['measurementType'],
    );
    const unknownUnit = await suite.alice.agent.post(base(suite.alice.company), {
      name: 'Невідома одиниця',
      measurementType: 'парсек',
      price: 1,
    });
    expectFieldErrors(unknownUnit, ['measurementType']);
    expect(unknownUnit.json().errors.measurementType[0]).toMatch(/одиницю виміру/);
    expect(
      (await ownPills(suite.alice.company, suite.alice.agent)).map((pill) => pill.name),
    ).not.toContain('Погана ціна');
  });

  it("accepts the company's own unit, but not another company's", async () => {
    const own = await suite.alice.agent.post(`/api/company/${suite.alice.company}/measurements`, {
      name: 'Пробірочка',
    });
    expect(own.statusCode).toBe(200);
    const pill = await addPill(suite.alice.agent, suite.alice.company, {
      name: 'Реагент',
      measurementType: 'пробірочка',
    });
    expect(pill.measurementType).toBe('Пробірочка');
    expectFieldErrors(
      await suite.bob.agent.post(base(suite.bob.company), {
        name: 'Реагент',
        measurementType: 'Пробірочка',
        price: 1,
      }),
      ['measurementType'],
    );
  });

  it('refuses a duplicate name within the company, case-insensitively', async () => {
    await addPill(suite.alice.agent, suite.alice.company, { name: 'Їжачок' });
    expectFieldErrors(
      await suite.alice.agent.post(base(suite.alice.company), {
        name: 'їЖАЧОК',
        measurementType: 'шт',
        price: 2,
      }),
      ['name'],
    );
    // Name and unit wrong at once: both fields are named.
    expectFieldErrors(
      await suite.alice.agent.post(base(suite.alice.company), {
        name: 'ЇЖАЧОК',
        measurementType: 'парсек',
        price: 2,
      }),
      ['name', 'measurementType'],
    );
    // Another company, or the templates, may have the same name.
    await addPill(suite.bob.agent, suite.bob.company, { name: 'Їжачок' });
    await addPill(suite.alice.agent, suite.alice.company, { name: 'Маска медична тришарова' });

    const other = await addPill(suite.alice.agent, suite.alice.company, { name: 'Ялинка' });
    expectFieldErrors(
      await suite.alice.agent.put(`${base(suite.alice.company)}/${other.id}`, {
        name: 'їжачок',
        measurementType: 'шт',
        price: 1,
      }),
      ['name'],
    );
    const same = await suite.alice.agent.put(`${base(suite.alice.company)}/${other.id}`, {
      name: 'ЯЛИНКА',
      measurementType: 'шт',
      price: 3,
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 422, never 500, when two identical materials are posted at once', async () => {
    const input = { name: 'Одночасний', measurementType: 'шт', price: 1 };
    const responses = await Promise.all([
      suite.alice.agent.post(base(suite.alice.company), input),
      suite.alice.agent.post(base(suite.alice.company), { ...input, name: 'ОДНОЧАСНИЙ' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const names = (await ownPills(suite.alice.company, suite.alice.agent)).map((pill) =>
      pill.name.toLowerCase(),
    );
    expect(names.filter((name) => name === 'одночасний')).toHaveLength(1);
  });

  it('all-list answers the template materials, then the own ones, and nothing of other companies', async () => {
    const own = await addPill(suite.alice.agent, suite.alice.company, { name: 'Тільки Аліси' });
    await addPill(suite.bob.agent, suite.bob.company, { name: 'Тільки Боба' });
    const response = await suite.alice.agent.get(`${base(suite.alice.company)}/all-list`);
    expect(response.statusCode).toBe(200);
    const list = response.json() as PillBody[];
    const templates = list.filter((pill) => pill.companyIdentifier === null);
    const owned = list.filter((pill) => pill.companyIdentifier !== null);
    expect(templates).toHaveLength(templateRows.total);
    expect(owned).toEqual(await ownPills(suite.alice.company, suite.alice.agent));
    expect(owned.every((pill) => pill.companyIdentifier === suite.alice.company)).toBe(true);
    expect(list.slice(0, templateRows.total)).toEqual(templates);
    expect(owned).toContainEqual(own);
    expect(list.map((pill) => pill.name)).not.toContain('Тільки Боба');
  });

  it('pages and searches with Ukrainian letters', async () => {
    const carol = await registerUser(suite.ctx.app);
    const company = carol.user.companyIdentifier;
    expect((await carol.agent.get(base(company))).json()).toEqual({
      data: [],
      meta: { currentPage: 1, lastPage: 1 },
    });
    for (const name of ['Гель для електродів', 'Гелевий пластир', 'Бинт', 'Вата', 'Йод', 'Спирт']) {
      await addPill(carol.agent, company, { name });
    }
    const found = (
      await carol.agent.get(`${base(company)}?search=${encodeURIComponent('гел')}`)
    ).json();
    expect(found.data.map((pill: PillBody) => pill.name)).toEqual([
      'Гель для електродів',
      'Гелевий пластир',
    ]);
    const page = (await carol.agent.get(`${base(company)}?page=2&perPage=5`)).json();
    expect(page).toEqual({
      data: [expect.objectContaining({ name: 'Спирт' })],
      meta: { currentPage: 2, lastPage: 2 },
    });
    const past = (await carol.agent.get(`${base(company)}?page=3&perPage=5`)).json();
    expect(past).toEqual({ data: [], meta: { currentPage: 3, lastPage: 2 } });
  });
});

describe('another company', () => {
  it("cannot read or change the first company's materials", async () => {
    const pill = await addPill(suite.alice.agent, suite.alice.company, {
      name: 'Приватний',
      price: 55.55,
    });
    const before = await suite.ctx.database.db.select().from(pills).where(eq(pills.id, pill.id));
    const input = { name: 'Зламаний', measurementType: 'шт', price: 0 };

    await expectEachAnswered(
      suite.bob.agent,
      [
        ['GET', base(suite.alice.company)],
        ['GET', `${base(suite.alice.company)}/list`],
        ['GET', `${base(suite.alice.company)}/all-list`],
        ['POST', base(suite.alice.company), input],
        ['PUT', `${base(suite.alice.company)}/${pill.id}`, input],
        ['DELETE', `${base(suite.alice.company)}/${pill.id}`],
      ],
      403,
    );
    expect(
      (await suite.bob.agent.put(`${base(suite.bob.company)}/${pill.id}`, input)).statusCode,
    ).toBe(404);
    expect((await suite.bob.agent.delete(`${base(suite.bob.company)}/${pill.id}`)).statusCode).toBe(
      404,
    );
    // A template material is not a company's row either.
    const template = await aTemplateRowOf(suite.ctx.database.db, pills);
    expect(
      (await suite.bob.agent.put(`${base(suite.bob.company)}/${template?.id}`, input)).statusCode,
    ).toBe(404);
    expect(
      (await suite.bob.agent.delete(`${base(suite.bob.company)}/${template?.id}`)).statusCode,
    ).toBe(404);

    expect(await suite.ctx.database.db.select().from(pills).where(eq(pills.id, pill.id))).toEqual(
      before,
    );
    const templateAfter = await storedRowOf(suite.ctx.database.db, pills, template?.id);
    expect(templateAfter).toEqual(template);
    expect(
      (await ownPills(suite.alice.company, suite.alice.agent)).map((item) => item.name),
    ).not.toContain('Зламаний');
  });
});

describe('administrator: template materials', () => {
  it('refuses every template-level call to a company user (403) and changes nothing', async () => {
    const template = await aTemplateRowOf(suite.ctx.database.db, pills);
    const input = { name: 'Хакерський', measurementType: 'шт', price: 1 };
    await expectEachAnswered(
      suite.alice.agent,
      [
        ['GET', '/api/pills'],
        ['GET', '/api/pills/companies'],
        ['POST', '/api/pills', input],
        ['PUT', `/api/pills/${template?.id}`, input],
        ['DELETE', `/api/pills/${template?.id}`],
      ],
      403,
    );
    const after = await storedRowOf(suite.ctx.database.db, pills, template?.id);
    expect(after).toEqual(template);
    const templates = (await suite.alice.agent.get('/api/pills/list')).json() as PillBody[];
    expect(templates).toHaveLength(templateRows.total);
  });

  it('pages and searches the template materials', async () => {
    const response = await suite.admin.get(`/api/pills?search=${encodeURIComponent('ГЕЛЬ ДЛЯ')}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: PillBody[]; meta: unknown };
    expect(body.data.map((pill) => pill.name)).toContain('Гель для УЗД контактний');
    expect(body.data.every((pill) => pill.companyIdentifier === null)).toBe(true);
    const all = (await suite.admin.get('/api/pills?perPage=25')).json();
    expect(all.meta).toEqual({ currentPage: 1, lastPage: Math.ceil(templateRows.total / 25) });
  });

  it('adds, changes and deletes a template material with a standard unit', async () => {
    const created = await suite.admin.post('/api/pills', {
      name: 'Шаблонний бинт',
      measurementType: 'Рулон',
      price: 19.99,
    });
    expect(created.statusCode).toBe(200);
    const pill = (created.json() as { message: string; data: PillBody }).data;
    expect(pill).toMatchObject({
      name: 'Шаблонний бинт',
      measurementType: 'рулон',
      price: 19.99,
      companyIdentifier: null,
    });
    expect((await suite.bob.agent.get('/api/pills/list')).json()).toContainEqual(pill);

    // A company's own unit is not a standard unit.
    await suite.alice.agent.post(`/api/company/${suite.alice.company}/measurements`, {
      name: 'Каністра',
    });
    const companyUnit = await suite.admin.post('/api/pills', {
      name: 'Дезрозчин',
      measurementType: 'Каністра',
      price: 1,
    });
    expectFieldErrors(companyUnit, ['measurementType']);
    expect(companyUnit.json().errors.measurementType[0]).toMatch(/стандартних/);
    expectFieldErrors(
      await suite.admin.post('/api/pills', {
        name: 'шаблонний БИНТ',
        measurementType: 'шт',
        price: 1,
      }),
      ['name'],
    );

    const changed = await suite.admin.put(`/api/pills/${pill.id}`, {
      name: 'Шаблонний бинт',
      measurementType: 'шт',
      price: 21,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Матеріал змінено.',
      data: { measurementType: 'шт', price: 21 },
    });

    const deleted = await suite.admin.delete(`/api/pills/${pill.id}`);
    expect(deleted.json()).toEqual({ message: 'Матеріал видалено.' });
    expect(
      ((await suite.bob.agent.get('/api/pills/list')).json() as PillBody[]).map((item) => item.id),
    ).not.toContain(pill.id);
  });

  it('answers 404 for a company material id on the template-level calls', async () => {
    const pill = await addPill(suite.alice.agent, suite.alice.company, { name: 'Не шаблон' });
    expect(
      (
        await suite.admin.put(`/api/pills/${pill.id}`, {
          name: 'x',
          measurementType: 'шт',
          price: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await suite.admin.delete(`/api/pills/${pill.id}`)).statusCode).toBe(404);
    expect(
      (await ownPills(suite.alice.company, suite.alice.agent)).map((item) => item.name),
    ).toContain('Не шаблон');
  });

  it("lists the companies' materials with their author and copies one into the templates", async () => {
    const own = await addPill(suite.bob.agent, suite.bob.company, {
      name: 'Фірмовий гель',
      measurementType: 'туба',
      price: 80,
    });
    const response = await suite.admin.get(
      `/api/pills/companies?search=${encodeURIComponent('фірмовий')}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: Array<PillBody & { company: string }>; meta: unknown };
    expect(body.data).toEqual([{ ...own, company: expect.stringMatching(/лікарня/) }]);
    const all = (await suite.admin.get('/api/pills/companies?perPage=25')).json() as {
      data: PillBody[];
    };
    expect(all.data.every((pill) => pill.companyIdentifier !== null)).toBe(true);

    const copied = await suite.admin.post('/api/pills', {
      name: own.name,
      measurementType: own.measurementType,
      price: own.price,
    });
    expect(copied.statusCode).toBe(200);
    expect(copied.json().data).toMatchObject({
      name: 'Фірмовий гель',
      companyIdentifier: null,
      price: 80,
    });
  });
});
