import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { measurements } from '../src/db/schema';
import {
  createAgent,
  registerCompanyMember,
  type Agent,
  type CompanyMember,
  useTwoMembers,
  expectEachAnswered,
  aTemplateRowOf,
  storedRowOf,
  toastedData,
} from './helper';
import { templateRowsNamed } from './template-rows';

interface MeasurementBody {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

const suite = useTwoMembers();

const base = (company: string) => `/api/company/${company}/measurements`;

async function addUnit(agent: Agent, company: string, name: string): Promise<MeasurementBody> {
  const response = await agent.post(base(company), { name });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: MeasurementBody }).data;
}

/** Alice adds a material of her own on `unit` and answers its id. */
async function addAlicesPill(name: string, unit: string, price: number): Promise<number> {
  const response = await suite.alice.agent.post(`/api/company/${suite.alice.company}/pills`, {
    name,
    measurementType: unit,
    price,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

async function ownUnitNames(company: string, agent: Agent): Promise<string[]> {
  const response = await agent.get(`${base(company)}/list`);
  expect(response.statusCode).toBe(200);
  return (response.json() as MeasurementBody[]).map((unit) => unit.name);
}

function expectFieldError(
  response: { statusCode: number; json(): unknown },
  field: string,
  pattern?: RegExp,
) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { message: string; errors: Record<string, string[]> };
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body.errors)).toContain(field);
  expect(body.errors[field]?.[0]).toEqual(expect.any(String));
  if (pattern) expect(body.errors[field]?.[0]).toMatch(pattern);
}

describe('without a session', () => {
  it('answers 401 to every call', async () => {
    const anonymous = createAgent(suite.ctx.app);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/get-measurements'],
      ['GET', base(suite.alice.company)],
      ['GET', `${base(suite.alice.company)}/list`],
      ['POST', base(suite.alice.company), { name: 'Пляшка' }],
      ['PUT', `${base(suite.alice.company)}/1`, { name: 'Пляшка' }],
      ['DELETE', `${base(suite.alice.company)}/1`],
      ['GET', '/api/measurements'],
      ['GET', '/api/measurements/companies'],
      ['POST', '/api/measurements', { name: 'Пляшка' }],
      ['PUT', '/api/measurements/1', { name: 'Пляшка' }],
      ['DELETE', '/api/measurements/1'],
    ];
    for (const [method, url, body] of calls) {
      const response = await anonymous.request(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
    }
    const standard = await suite.ctx.database.db
      .select()
      .from(measurements)
      .where(isNull(measurements.companyId));
    expect(standard.map((row) => row.name)).not.toContain('Пляшка');
  });
});

describe('GET /api/get-measurements', () => {
  it('lists the standard units as value and label', async () => {
    const response = await suite.alice.agent.get('/api/get-measurements');
    expect(response.statusCode).toBe(200);
    const options = response.json() as Array<{ value: number; label: string }>;
    const standard = await suite.ctx.database.db
      .select()
      .from(measurements)
      .where(isNull(measurements.companyId));
    expect(options).toHaveLength(standard.length);
    expect(options.map((option) => option.label)).toContain('шт');
    for (const option of options) {
      expect(option).toEqual({ value: expect.any(Number), label: expect.any(String) });
      expect(standard.find((row) => row.id === option.value)?.name).toBe(option.label);
    }
  });

  it('does not list a company unit', async () => {
    await addUnit(suite.alice.agent, suite.alice.company, 'Власна одиниця');
    const response = await suite.bob.agent.get('/api/get-measurements');
    expect(
      (response.json() as Array<{ label: string }>).map((option) => option.label),
    ).not.toContain('Власна одиниця');
  });
});

describe("the company's own units", () => {
  it('adds, lists, renames and deletes a unit', async () => {
    const created = await suite.alice.agent.post(base(suite.alice.company), { name: '  Тубус  ' });
    const unit = toastedData<MeasurementBody>(created, 'Одиницю виміру додано.');
    expect(unit).toEqual({
      id: expect.any(Number),
      name: 'Тубус',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(unit.created_at).toISOString()).toBe(unit.created_at);

    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).toContain('Тубус');
    const page = await suite.alice.agent.get(`${base(suite.alice.company)}?search=тубус`);
    expect(page.json()).toEqual({ data: [unit], meta: { currentPage: 1, lastPage: 1 } });

    const renamed = await suite.alice.agent.put(`${base(suite.alice.company)}/${unit.id}`, {
      name: 'Тюбик',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Одиницю виміру змінено.',
      data: { id: unit.id, name: 'Тюбик' },
    });

    const deleted = await suite.alice.agent.delete(`${base(suite.alice.company)}/${unit.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Одиницю виміру видалено.' });
    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).not.toContain('Тюбик');

    const again = await suite.alice.agent.delete(`${base(suite.alice.company)}/${unit.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('keeps the own list free of standard units and of other companies', async () => {
    await addUnit(suite.bob.agent, suite.bob.company, 'Бобова одиниця');
    const names = await ownUnitNames(suite.alice.company, suite.alice.agent);
    expect(names).not.toContain('шт');
    expect(names).not.toContain('Бобова одиниця');
  });

  it('requires a name (422 under name)', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '    ' },
      { name: 42 },
      { name: 'я'.repeat(256) },
    ]) {
      expectFieldError(await suite.alice.agent.post(base(suite.alice.company), body), 'name');
    }
    const created = await addUnit(suite.alice.agent, suite.alice.company, 'Для перейменування');
    expectFieldError(
      await suite.alice.agent.put(`${base(suite.alice.company)}/${created.id}`, { name: ' ' }),
      'name',
    );
    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).toContain(
      'Для перейменування',
    );
  });

  it('takes a unit name of up to 30 characters; a longer one stored before still lists and renames', async () => {
    expectFieldError(
      await suite.alice.agent.post(base(suite.alice.company), { name: 'я'.repeat(31) }),
      'name',
      /до 30 символів/,
    );
    await addUnit(suite.alice.agent, suite.alice.company, 'ю'.repeat(30));
    // A unit stored before the limit (issue 13) is read as it is and may be renamed to a shorter name.
    const companyId = await suite.ctx.database.db
      .select({ companyId: measurements.companyId })
      .from(measurements)
      .where(eq(measurements.name, 'ю'.repeat(30)));
    const [old] = await suite.ctx.database.db
      .insert(measurements)
      .values({ companyId: companyId[0]?.companyId ?? null, name: 'старе'.repeat(40) })
      .returning({ id: measurements.id });
    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).toContain(
      'старе'.repeat(40),
    );
    const renamed = await suite.alice.agent.put(`${base(suite.alice.company)}/${old?.id}`, {
      name: 'коротка назва',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('refuses a duplicate name, case-insensitively and with Ukrainian letters', async () => {
    await addUnit(suite.alice.agent, suite.alice.company, 'Ґудзик');
    expectFieldError(
      await suite.alice.agent.post(base(suite.alice.company), { name: 'ґУДЗИК' }),
      'name',
      /вже існує/,
    );
    // A standard unit's name is taken for every company.
    expectFieldError(
      await suite.alice.agent.post(base(suite.alice.company), { name: 'ШТ' }),
      'name',
      /стандартних/,
    );
    expectFieldError(
      await suite.alice.agent.post(base(suite.alice.company), { name: 'Флакон' }),
      'name',
      /стандартних/,
    );
    // Another company may use the same name.
    await addUnit(suite.bob.agent, suite.bob.company, 'Ґудзик');

    const other = await addUnit(suite.alice.agent, suite.alice.company, 'Капля');
    expectFieldError(
      await suite.alice.agent.put(`${base(suite.alice.company)}/${other.id}`, { name: 'ҐУДЗИК' }),
      'name',
      /вже існує/,
    );
    // Renaming a unit to its own name in another case is not a clash.
    const same = await suite.alice.agent.put(`${base(suite.alice.company)}/${other.id}`, {
      name: 'КАПЛЯ',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.name).toBe('КАПЛЯ');
  });

  it('answers 422, never 500, when two identical units are posted at once', async () => {
    const responses = await Promise.all([
      suite.alice.agent.post(base(suite.alice.company), { name: 'Одночасна' }),
      suite.alice.agent.post(base(suite.alice.company), { name: 'одночасна' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const rejected = responses.find((response) => response.statusCode === 422);
    expect(rejected?.json().errors.name).toEqual([expect.any(String)]);
    const names = await ownUnitNames(suite.alice.company, suite.alice.agent);
    expect(names.filter((name) => name.toLowerCase() === 'одночасна')).toHaveLength(1);
  });

  it('refuses to delete a unit a material uses, and deletes it once the material is gone', async () => {
    const unit = await addUnit(suite.alice.agent, suite.alice.company, 'Банка');
    const pillId = await addAlicesPill('Вазелін', 'банка', 35);

    const refused = await suite.alice.agent.delete(`${base(suite.alice.company)}/${unit.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/використовують матеріали/);
    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).toContain('Банка');

    expect(
      (await suite.alice.agent.delete(`/api/company/${suite.alice.company}/pills/${pillId}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await suite.alice.agent.delete(`${base(suite.alice.company)}/${unit.id}`)).statusCode,
    ).toBe(200);
  });

  it('renaming a unit renames it in the materials that use it', async () => {
    const unit = await addUnit(suite.alice.agent, suite.alice.company, 'Рулончик');
    await addAlicesPill('Пластир', 'Рулончик', 12.5);
    await suite.alice.agent.put(`${base(suite.alice.company)}/${unit.id}`, { name: 'Котушка' });
    const list = (
      await suite.alice.agent.get(`/api/company/${suite.alice.company}/pills/list`)
    ).json() as Array<{
      name: string;
      measurementType: string;
    }>;
    expect(list.find((item) => item.name === 'Пластир')?.measurementType).toBe('Котушка');
  });
});

describe('paging and search', () => {
  let carol: CompanyMember;

  beforeAll(async () => {
    carol = await registerCompanyMember(suite.ctx.app);
  });

  /** Carol's page of units found by `text` (`more` adds to the query). */
  const search = async (text: string, more = '') =>
    (
      await carol.agent.get(`${base(carol.company)}?search=${encodeURIComponent(text)}${more}`)
    ).json();
  const namesFound = async (text: string) =>
    (await search(text)).data.map((unit: MeasurementBody) => unit.name);

  it('answers an empty first page with lastPage 1', async () => {
    const response = await carol.agent.get(base(carol.company));
    expect(response.json()).toEqual({ data: [], meta: { currentPage: 1, lastPage: 1 } });
  });

  it('pages by perPage and answers an empty page past the end', async () => {
    for (let index = 1; index <= 12; index += 1)
      await addUnit(carol.agent, carol.company, `Одиниця ${index}`);
    const first = (await carol.agent.get(`${base(carol.company)}?page=1&perPage=5`)).json();
    expect(first.meta).toEqual({ currentPage: 1, lastPage: 3 });
    expect(first.data.map((unit: MeasurementBody) => unit.name)).toEqual([
      'Одиниця 1',
      'Одиниця 2',
      'Одиниця 3',
      'Одиниця 4',
      'Одиниця 5',
    ]);
    const last = (await carol.agent.get(`${base(carol.company)}?page=3&perPage=5`)).json();
    expect(last.data.map((unit: MeasurementBody) => unit.name)).toEqual([
      'Одиниця 11',
      'Одиниця 12',
    ]);
    const past = (await carol.agent.get(`${base(carol.company)}?page=9&perPage=5`)).json();
    expect(past).toEqual({ data: [], meta: { currentPage: 9, lastPage: 3 } });
    // The largest page a client can name: the offset is capped instead of overflowing (never a 500).
    const huge = await carol.agent.get(
      `${base(carol.company)}?page=${Number.MAX_SAFE_INTEGER}&perPage=25`,
    );
    expect(huge.statusCode).toBe(200);
    expect(huge.json()).toEqual({
      data: [],
      meta: { currentPage: Number.MAX_SAFE_INTEGER, lastPage: 1 },
    });
    // A page that is not a number at all falls back to the first page.
    const bad = (await carol.agent.get(`${base(carol.company)}?page=abc&perPage=5`)).json();
    expect(bad.meta).toEqual({ currentPage: 1, lastPage: 3 });
  });

  it('falls back to 10 per page for a size the tables do not offer', async () => {
    const response = (await carol.agent.get(`${base(carol.company)}?perPage=7`)).json();
    expect(response.data).toHaveLength(10);
    expect(response.meta).toEqual({ currentPage: 1, lastPage: 2 });
    const defaults = (await carol.agent.get(base(carol.company))).json();
    expect(defaults.data).toHaveLength(10);
  });

  it("finds 'Гель' when searching 'гел' and ignores case in both directions", async () => {
    await addUnit(carol.agent, carol.company, 'Гель');
    await addUnit(carol.agent, carol.company, 'ємність');
    expect(await namesFound('гел')).toEqual(['Гель']);
    expect(await namesFound('ЄМН')).toEqual(['ємність']);
    expect(await search('жодної')).toEqual({ data: [], meta: { currentPage: 1, lastPage: 1 } });
  });

  it('takes % and _ in a search literally', async () => {
    await addUnit(carol.agent, carol.company, 'Розчин 50%');
    await addUnit(carol.agent, carol.company, 'Розчин 505');
    await addUnit(carol.agent, carol.company, 'a_b');
    await addUnit(carol.agent, carol.company, 'axb');
    expect(await namesFound('50%')).toEqual(['Розчин 50%']);
    expect(await namesFound('a_b')).toEqual(['a_b']);
    expect(await namesFound('\\')).toEqual([]);
  });

  it('counts only the matching rows in lastPage', async () => {
    const response = await search('одиниця 1', '&perPage=5');
    // 'Одиниця 1', 'Одиниця 10', 'Одиниця 11', 'Одиниця 12'
    expect(response.data).toHaveLength(4);
    expect(response.meta).toEqual({ currentPage: 1, lastPage: 1 });
  });
});

describe('another company', () => {
  it("cannot read or change the first company's units", async () => {
    const unit = await addUnit(suite.alice.agent, suite.alice.company, 'Секретна');
    const before = await suite.ctx.database.db
      .select()
      .from(measurements)
      .where(eq(measurements.id, unit.id));

    for (const [method, url, body] of [
      ['GET', base(suite.alice.company)],
      ['GET', `${base(suite.alice.company)}/list`],
      ['POST', base(suite.alice.company), { name: 'Чужа' }],
      ['PUT', `${base(suite.alice.company)}/${unit.id}`, { name: 'Зламана' }],
      ['DELETE', `${base(suite.alice.company)}/${unit.id}`],
    ] as Array<[string, string, unknown?]>) {
      const response = await suite.bob.agent.request(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toEqual(expect.any(String));
    }
    // Own company in the URL, the other company's row id: 404.
    const renamed = await suite.bob.agent.put(`${base(suite.bob.company)}/${unit.id}`, {
      name: 'Зламана',
    });
    expect(renamed.statusCode).toBe(404);
    const deleted = await suite.bob.agent.delete(`${base(suite.bob.company)}/${unit.id}`);
    expect(deleted.statusCode).toBe(404);
    // A standard unit is not a company's row either.
    const [standard] = await templateRowsNamed(suite.ctx.database.db, measurements, 'шт');
    expect(
      (await suite.bob.agent.delete(`${base(suite.bob.company)}/${standard?.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await suite.bob.agent.put(`${base(suite.bob.company)}/${standard?.id}`, { name: 'штука' }))
        .statusCode,
    ).toBe(404);

    const after = await suite.ctx.database.db
      .select()
      .from(measurements)
      .where(eq(measurements.id, unit.id));
    expect(after).toEqual(before);
    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).not.toContain('Чужа');
    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).toContain('Секретна');
    const stillStandard = await suite.ctx.database.db
      .select()
      .from(measurements)
      .where(eq(measurements.id, standard?.id ?? 0));
    expect(stillStandard[0]?.name).toBe('шт');
  });
});

describe('administrator: standard units', () => {
  it('refuses every template-level call to a company user (403) and changes nothing', async () => {
    const standard = await aTemplateRowOf(suite.ctx.database.db, measurements);
    await expectEachAnswered(
      suite.alice.agent,
      [
        ['GET', '/api/measurements'],
        ['GET', '/api/measurements/companies'],
        ['POST', '/api/measurements', { name: 'Хакерська' }],
        ['PUT', `/api/measurements/${standard?.id}`, { name: 'Хакерська' }],
        ['DELETE', `/api/measurements/${standard?.id}`],
      ],
      403,
    );
    const after = await storedRowOf(suite.ctx.database.db, measurements, standard?.id);
    expect(after).toEqual(standard);
    const options = (await suite.alice.agent.get('/api/get-measurements')).json() as Array<{
      label: string;
    }>;
    expect(options.map((option) => option.label)).not.toContain('Хакерська');
  });

  it('pages and searches the standard units', async () => {
    const response = await suite.admin.get(
      `/api/measurements?perPage=5&search=${encodeURIComponent('АМП')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [expect.objectContaining({ name: 'ампула' })],
      meta: { currentPage: 1, lastPage: 1 },
    });
    const all = (await suite.admin.get('/api/measurements?perPage=5')).json();
    const total = (
      await suite.ctx.database.db.select().from(measurements).where(isNull(measurements.companyId))
    ).length;
    expect(all.meta.lastPage).toBe(Math.ceil(total / 5));
    expect(all.data).toHaveLength(5);
  });

  it('adds, renames and deletes a standard unit, which every company then sees', async () => {
    const created = await suite.admin.post('/api/measurements', { name: 'Саше' });
    expect(created.statusCode).toBe(200);
    const unit = created.json() as { message: string; data: MeasurementBody };
    expect(unit.message).toBe('Одиницю виміру додано.');
    const options = (await suite.bob.agent.get('/api/get-measurements')).json() as Array<{
      value: number;
      label: string;
    }>;
    expect(options).toContainEqual({ value: unit.data.id, label: 'Саше' });
    // Now a company may not take the name.
    expectFieldError(await suite.bob.agent.post(base(suite.bob.company), { name: 'саше' }), 'name');

    expectFieldError(
      await suite.admin.post('/api/measurements', { name: 'САШЕ' }),
      'name',
      /вже існує/,
    );
    expectFieldError(await suite.admin.post('/api/measurements', { name: '' }), 'name');

    const renamed = await suite.admin.put(`/api/measurements/${unit.data.id}`, { name: 'Пакетик' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Одиницю виміру змінено.',
      data: { name: 'Пакетик' },
    });

    const deleted = await suite.admin.delete(`/api/measurements/${unit.data.id}`);
    expect(deleted.json()).toEqual({ message: 'Одиницю виміру видалено.' });
    const after = (await suite.bob.agent.get('/api/get-measurements')).json() as Array<{
      value: number;
    }>;
    expect(after.map((option) => option.value)).not.toContain(unit.data.id);
  });

  it('answers 404 for a company unit id on the template-level calls', async () => {
    const unit = await addUnit(suite.alice.agent, suite.alice.company, 'Не шаблонна');
    expect(
      (await suite.admin.put(`/api/measurements/${unit.id}`, { name: 'Шаблонна' })).statusCode,
    ).toBe(404);
    expect((await suite.admin.delete(`/api/measurements/${unit.id}`)).statusCode).toBe(404);
    expect(await ownUnitNames(suite.alice.company, suite.alice.agent)).toContain('Не шаблонна');
  });

  it('refuses to delete a standard unit template materials use', async () => {
    const [pcs] = await templateRowsNamed(suite.ctx.database.db, measurements, 'шт');
    const refused = await suite.admin.delete(`/api/measurements/${pcs?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/використовують матеріали/);
    const still = await storedRowOf(suite.ctx.database.db, measurements, pcs?.id);
    expect(still?.name).toBe('шт');
  });

  it("lists the companies' units with their author and copies one into the standard units", async () => {
    await addUnit(suite.bob.agent, suite.bob.company, 'Кювета');
    const response = await suite.admin.get(
      `/api/measurements/companies?search=${encodeURIComponent('кювет')}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      data: Array<MeasurementBody & { company: string; companyIdentifier: string }>;
    };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      name: 'Кювета',
      companyIdentifier: suite.bob.company,
      company: expect.stringMatching(/лікарня/),
    });
    const all = (await suite.admin.get('/api/measurements/companies?perPage=25')).json() as {
      data: Array<{ companyIdentifier: string }>;
    };
    expect(all.data.length).toBeGreaterThan(1);
    const authors = new Set(all.data.map((unit) => unit.companyIdentifier));
    expect(authors.has(suite.alice.company) && authors.has(suite.bob.company)).toBe(true);

    // Copying into the standard units posts the name; the company's own unit of that name stays.
    const copied = await suite.admin.post('/api/measurements', { name: 'Кювета' });
    expect(copied.statusCode).toBe(200);
    expect(await ownUnitNames(suite.bob.company, suite.bob.agent)).toContain('Кювета');
  });
});
