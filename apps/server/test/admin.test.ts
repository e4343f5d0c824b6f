import { asc, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  formatServiceCode,
  type AdminCalculation,
  type AdminUsersPage,
  type CompanyOption,
} from '@medcalc/domain';
import { companies, measurements, pills, users } from '../src/db/schema';
import { ADMIN_MESSAGES } from '../src/modules/admin/admin.service';
import {
  createAgent,
  expectFieldErrors,
  registerUser,
  withRefusingTrigger,
  type Agent,
  type CompanyMember,
  aTemplateRowOf,
  expectValidationAnswer,
} from './helper';
import { templateRowsNamed } from './template-rows';
import { useTwoCompanies } from './worked-orders';

/*
 * Issue 11: the administrator's calls across companies (spec §2 Admin panel, §7): the company list, one company's
 * calculations, the users list, and units and materials added for a chosen company.
 */

const suite = useTwoCompanies();
const { kit } = suite;

async function countTemplateLevel() {
  const db = suite.ctx.database.db;
  const [p] = await db.select({ n: count() }).from(pills).where(isNull(pills.companyId));
  const [m] = await db
    .select({ n: count() })
    .from(measurements)
    .where(isNull(measurements.companyId));
  return { pills: p?.n, measurements: m?.n };
}

async function countOwned() {
  const db = suite.ctx.database.db;
  const [p] = await db.select({ n: count() }).from(pills);
  const [m] = await db.select({ n: count() }).from(measurements);
  return { pills: p?.n, measurements: m?.n };
}

describe('admin calls: access', () => {
  it('answers 401 signed out and 403 to a company user, creating nothing', async () => {
    const before = await countOwned();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/get-companies-list'],
      ['GET', `/api/company/${suite.alice.company}/calculations/calculations-list`],
      ['GET', '/api/get-users'],
      ['GET', '/api/get-users?page=1&perPage=10&search=a'],
      [
        'POST',
        '/api/measurements',
        { name: 'Чужа одиниця', companyIdentifier: suite.alice.company },
      ],
      ['POST', '/api/pills/companies/1/to-templates'],
      ['POST', '/api/measurements/companies/1/to-templates'],
      [
        'POST',
        '/api/pills',
        {
          name: 'Чужий матеріал',
          measurementType: 'шт',
          price: 1,
          companyIdentifier: suite.alice.company,
        },
      ],
    ];
    const guest = createAgent(suite.ctx.app);
    for (const [method, url, body] of calls) {
      const signedOut = await guest.request(method as 'GET', url, body);
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json().message).toMatch(/увійшли/);
      const user = await suite.bob.agent.request(method as 'GET', url, body);
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json().message).toEqual(expect.any(String));
    }
    expect(await countOwned()).toEqual(before);
  });
});

describe('GET /api/get-companies-list', () => {
  it('lists every company as { value: identifier, label: name } in Ukrainian order', async () => {
    const response = await suite.admin.get('/api/get-companies-list');
    expect(response.statusCode).toBe(200);
    const options = response.json() as CompanyOption[];
    const rows = await suite.ctx.database.db.select().from(companies);
    expect([...options].sort((a, b) => a.value.localeCompare(b.value))).toEqual(
      rows
        .map((row) => ({ value: row.identifier, label: row.name }))
        .sort((a, b) => a.value.localeCompare(b.value)),
    );
    const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(collator.compare));
    expect(options.map((option) => option.value)).toEqual(
      expect.arrayContaining([suite.alice.company, suite.bob.company]),
    );
  });
});

describe('GET /api/company/{companyId}/calculations/calculations-list', () => {
  it("lists that company's calculations of every order, newest updated first, and no other company's", async () => {
    const first = await kit.placeOrderFor(suite.alice, ['Перша послуга'], 'Замовлення А');
    const second = await kit.placeOrderFor(
      suite.alice,
      ['Друга послуга', 'Третя послуга'],
      'Замовлення Б',
    );
    await kit.setStatus(second, 'paid');
    await kit.placeOrderFor(suite.bob, ['Послуга Боба']);

    const response = await suite.admin.get(
      `/api/company/${suite.alice.company}/calculations/calculations-list`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json() as AdminCalculation[];
    const stored = [
      ...(await kit.calculationRows(first)).map((row) => ({
        row,
        order: 'Замовлення А',
        status: 'created',
      })),
      ...(await kit.calculationRows(second)).map((row) => ({
        row,
        order: 'Замовлення Б',
        status: 'payed',
      })),
    ];
    expect(listed).toHaveLength(3);
    expect([...listed].sort((a, b) => a.id - b.id)).toEqual(
      stored
        .map(({ row, order, status }) => ({
          id: row.id,
          identifier: row.identifier,
          companyCode: formatServiceCode(row.serviceNumber),
          name: row.name,
          orderName: order,
          orderStatus: status,
          categoryId: suite.template.categoryId,
          categoryName: expect.any(String),
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        }))
        .sort((a, b) => a.id - b.id),
    );
    const order = listed.map((c) => [c.updated_at, c.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1]));
    expect(listed.map((c) => c.name)).not.toContain('Послуга Боба');
  });

  it('answers 404 for an unknown company and 422 for a malformed identifier', async () => {
    const unknown = await suite.admin.get(
      '/api/company/nosuchcompany0/calculations/calculations-list',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
    expectFieldErrors(await suite.admin.get('/api/company/BAD!/calculations/calculations-list'), [
      'companyId',
    ]);
  });
});

describe('GET /api/get-users', () => {
  it('pages every company’s users with their company, current_page and last_page at the top level', async () => {
    for (let i = 0; i < 6; i += 1) await registerUser(suite.ctx.app);
    const [total] = await suite.ctx.database.db.select({ n: count() }).from(users);
    const n = total?.n ?? 0;
    expect(n).toBeGreaterThan(5);

    const first = await suite.admin.get('/api/get-users?page=1&perPage=5');
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as AdminUsersPage;
    expect(page1.current_page).toBe(1);
    expect(page1.last_page).toBe(Math.ceil(n / 5));
    expect(page1.data).toHaveLength(5);
    const page2 = (
      await suite.admin.get('/api/get-users?page=2&perPage=5')
    ).json() as AdminUsersPage;
    expect(page2.current_page).toBe(2);
    const ids = [...page1.data, ...page2.data].map((user) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    const rows = await suite.ctx.database.db
      .select({ user: users, company: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .orderBy(asc(users.id))
      .limit(5);
    expect(page1.data).toEqual(
      rows.map(({ user, company }) => ({
        id: user.id,
        name: user.name,
        company,
        phone: user.phone,
        companyRole: user.companyRole,
        email: user.email,
        role: user.role,
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
      })),
    );
    const past = (
      await suite.admin.get('/api/get-users?page=99&perPage=5')
    ).json() as AdminUsersPage;
    expect(past).toEqual({ data: [], current_page: 99, last_page: Math.ceil(n / 5) });
    // The default page size is 10.
    const defaults = (await suite.admin.get('/api/get-users')).json() as AdminUsersPage;
    expect(defaults.data).toHaveLength(Math.min(10, n));
    expect(defaults.last_page).toBe(Math.ceil(n / 10));
  });

  it('searches name, e-mail, phone and company, case-insensitively with Cyrillic', async () => {
    const { payload } = await registerUser(suite.ctx.app, {
      name: 'Ярослава Ґудзь',
      company: 'КНП «Їжаківська амбулаторія»',
      phone: '380671112233',
    });
    const search = async (text: string) => {
      const response = await suite.admin.get(`/api/get-users?search=${encodeURIComponent(text)}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as AdminUsersPage).data.map((user) => user.email);
    };
    expect(await search('ҐУДЗЬ')).toEqual([payload.email]);
    expect(await search('їжаківська')).toEqual([payload.email]);
    expect(await search('0671112')).toEqual([payload.email]);
    // Stored as +380 67 111 22 33 (issue 23): its digits are found however the search groups them.
    expect(await search('067 111-22')).toEqual([payload.email]);
    expect(await search('+380 67 111')).toEqual([payload.email]);
    expect(await search(payload.email.toUpperCase())).toEqual([payload.email]);
    expect(await search('%')).toEqual([]);
    const none = (
      await suite.admin.get('/api/get-users?search=немає-такого')
    ).json() as AdminUsersPage;
    expect(none).toEqual({ data: [], current_page: 1, last_page: 1 });
  });
});

describe('admin POST /api/measurements and /api/pills with companyIdentifier', () => {
  it('creates a unit and a material in the chosen company’s own lists', async () => {
    const unit = await suite.admin.post('/api/measurements', {
      name: 'Ампула-тест',
      companyIdentifier: suite.alice.company,
    });
    expect(unit.statusCode, unit.body).toBe(200);
    const unitId = (unit.json().data as { id: number }).id;
    const [aliceRow] = await suite.ctx.database.db
      .select()
      .from(companies)
      .where(eq(companies.identifier, suite.alice.company));
    const [storedUnit] = await suite.ctx.database.db
      .select()
      .from(measurements)
      .where(eq(measurements.id, unitId));
    expect(storedUnit).toMatchObject({ name: 'Ампула-тест', companyId: aliceRow?.id });
    const aliceUnits = await suite.alice.agent.get(
      `/api/company/${suite.alice.company}/measurements/list`,
    );
    expect((aliceUnits.json() as Array<{ id: number }>).map((u) => u.id)).toContain(unitId);

    // The material may use the company's own unit: it is created as the company's.
    const material = await suite.admin.post('/api/pills', {
      name: 'Розчин-тест',
      measurementType: 'Ампула-тест',
      price: '12,40',
      companyIdentifier: suite.alice.company,
    });
    expect(material.statusCode, material.body).toBe(200);
    expect(material.json().data).toMatchObject({
      name: 'Розчин-тест',
      measurementType: 'Ампула-тест',
      price: 12.4,
      companyIdentifier: suite.alice.company,
    });
    const alicePills = await suite.alice.agent.get(
      `/api/company/${suite.alice.company}/pills/list`,
    );
    expect((alicePills.json() as Array<{ name: string }>).map((p) => p.name)).toContain(
      'Розчин-тест',
    );
    const bobPills = await suite.bob.agent.get(`/api/company/${suite.bob.company}/pills/list`);
    expect((bobPills.json() as Array<{ name: string }>).map((p) => p.name)).not.toContain(
      'Розчин-тест',
    );
  });

  it('creates at the template level without companyIdentifier', async () => {
    const unit = await suite.admin.post('/api/measurements', { name: 'Стандартна-тест' });
    expect(unit.statusCode, unit.body).toBe(200);
    const [row] = await suite.ctx.database.db
      .select()
      .from(measurements)
      .where(eq(measurements.name, 'Стандартна-тест'));
    expect(row?.companyId).toBeNull();
    const material = await suite.admin.post('/api/pills', {
      name: 'Шаблонний-тест',
      measurementType: 'шт',
      price: 2,
    });
    expect(material.statusCode, material.body).toBe(200);
    expect(material.json().data.companyIdentifier).toBeNull();
    const [templateRow] = await suite.ctx.database.db
      .select()
      .from(pills)
      .where(eq(pills.name, 'Шаблонний-тест'));
    expect(templateRow?.companyId).toBeNull();
    expect(
      (await suite.ctx.database.db.select().from(pills).where(isNull(pills.companyId))).length,
    ).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown company and 422 for a malformed identifier, creating nothing', async () => {
    const before = await countOwned();
    const unit = await suite.admin.post('/api/measurements', {
      name: 'Нікому',
      companyIdentifier: 'nosuchcompany0',
    });
    expect(unit.statusCode).toBe(404);
    const material = await suite.admin.post('/api/pills', {
      name: 'Нікому',
      measurementType: 'шт',
      price: 1,
      companyIdentifier: 'nosuchcompany0',
    });
    expect(material.statusCode).toBe(404);
    expectFieldErrors(
      await suite.admin.post('/api/measurements', { name: 'Нікому', companyIdentifier: 'BAD!' }),
      ['companyIdentifier'],
    );
    expect(await countOwned()).toEqual(before);
  });
});

describe('admin POST /api/pills|measurements/companies/{id}/to-templates', () => {
  async function ownUnit(member: CompanyMember, name: string) {
    const response = await member.agent.post(`/api/company/${member.company}/measurements`, {
      name,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; name: string };
  }

  async function ownPill(member: CompanyMember, name: string, unit: string, price: number) {
    const response = await member.agent.post(`/api/company/${member.company}/pills`, {
      name,
      measurementType: unit,
      price,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; name: string };
  }

  const standardUnitsNamed = (name: string) =>
    templateRowsNamed(suite.ctx.database.db, measurements, name);

  const copyPill = (agent: Agent, id: number) =>
    agent.post(`/api/pills/companies/${id}/to-templates`);
  const copyUnit = (agent: Agent, id: number) =>
    agent.post(`/api/measurements/companies/${id}/to-templates`);

  it('copies a company material on its own unit into the templates, the unit becoming a standard one', async () => {
    await ownUnit(suite.alice, 'Туба-копія');
    const own = await ownPill(suite.alice, 'Мазь-копія', 'Туба-копія', 33.3);
    const before = await countTemplateLevel();

    const response = await copyPill(suite.admin, own.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: ADMIN_MESSAGES.materialCopied,
      data: expect.objectContaining({
        name: 'Мазь-копія',
        measurementType: 'Туба-копія',
        price: 33.3,
        companyIdentifier: null,
      }),
    });
    expect(await countTemplateLevel()).toEqual({
      pills: (before.pills ?? 0) + 1,
      measurements: (before.measurements ?? 0) + 1,
    });
    expect(await standardUnitsNamed('Туба-копія')).toHaveLength(1);
    // The company keeps its own material, and every company now sees the template one.
    const alicePills = (
      await suite.alice.agent.get(`/api/company/${suite.alice.company}/pills/all-list`)
    ).json() as Array<{ name: string; companyIdentifier: string | null }>;
    expect(alicePills.filter((pill) => pill.name === 'Мазь-копія')).toHaveLength(2);
    const bobPills = (
      await suite.bob.agent.get(`/api/company/${suite.bob.company}/pills/all-list`)
    ).json() as Array<{ name: string; companyIdentifier: string | null }>;
    expect(bobPills).toContainEqual(
      expect.objectContaining({ name: 'Мазь-копія', companyIdentifier: null }),
    );

    // A second copy finds the name taken.
    const again = await copyPill(suite.admin, own.id);
    expectValidationAnswer(
      again,
      { name: [ADMIN_MESSAGES.materialInTemplates] },
      ADMIN_MESSAGES.materialInTemplates,
    );
  });

  it('refuses a name the templates have (422, Ukrainian) and leaves no standard unit behind', async () => {
    await ownUnit(suite.alice, 'Пляшечка-копія');
    // The seeded template material, in another case.
    const own = await ownPill(suite.alice, 'МАСКА МЕДИЧНА ТРИШАРОВА', 'Пляшечка-копія', 4);
    const before = await countTemplateLevel();
    const response = await copyPill(suite.admin, own.id);
    expectFieldErrors(response, ['name']);
    expect(response.json().message).toBe('У шаблонах уже є матеріал з такою назвою.');
    expect(await countTemplateLevel()).toEqual(before);
    expect(await standardUnitsNamed('Пляшечка-копія')).toEqual([]);
  });

  it('rolls the standard unit back when the template material cannot be stored', async () => {
    await ownUnit(suite.alice, 'Каністра-копія');
    const own = await ownPill(suite.alice, 'Антисептик-копія', 'Каністра-копія', 150);
    const before = await countTemplateLevel();
    const response = await withRefusingTrigger(
      suite.ctx.database,
      { table: 'pills', event: 'INSERT', condition: 'NEW.company_id IS NULL' },
      () => copyPill(suite.admin, own.id),
    );
    expect(response.statusCode).toBe(500);
    expect(await countTemplateLevel()).toEqual(before);
    expect(await standardUnitsNamed('Каністра-копія')).toEqual([]);
  });

  it('copies a company unit into the standard ones, and refuses it once they have that name', async () => {
    const own = await ownUnit(suite.bob, 'Банка-копія');
    const response = await copyUnit(suite.admin, own.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: ADMIN_MESSAGES.unitCopied,
      data: expect.objectContaining({ name: 'Банка-копія' }),
    });
    const [standard] = await standardUnitsNamed('Банка-копія');
    expect(response.json().data.id).toBe(standard?.id);
    const bobUnits = await suite.bob.agent.get(
      `/api/company/${suite.bob.company}/measurements/list`,
    );
    expect((bobUnits.json() as Array<{ id: number }>).map((unit) => unit.id)).toContain(own.id);

    const before = await countTemplateLevel();
    const again = await copyUnit(suite.admin, own.id);
    expectFieldErrors(again, ['name']);
    expect(again.json().message).toBe('У шаблонах уже є одиниця виміру з такою назвою.');
    expect(await countTemplateLevel()).toEqual(before);
  });

  it('answers 404 for an unknown or template-level item and 422 for a malformed id', async () => {
    const templatePill = await aTemplateRowOf(suite.ctx.database.db, pills);
    const standardUnit = await aTemplateRowOf(suite.ctx.database.db, measurements);
    if (!templatePill || !standardUnit) throw new Error('nothing seeded at the template level');
    const before = await countTemplateLevel();
    for (const response of [
      await copyPill(suite.admin, 999_999),
      await copyPill(suite.admin, templatePill.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ADMIN_MESSAGES.materialNotFound);
    }
    for (const response of [
      await copyUnit(suite.admin, 999_999),
      await copyUnit(suite.admin, standardUnit.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ADMIN_MESSAGES.unitNotFound);
    }
    expectFieldErrors(await suite.admin.post('/api/pills/companies/abc/to-templates'), ['id']);
    expect(await countTemplateLevel()).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents the admin calls', async () => {
    const response = await suite.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/get-companies-list',
        '/api/company/{companyId}/calculations/calculations-list',
        '/api/calculations/add-to-template',
        '/api/get-users',
        '/api/get-templates',
        '/api/templates/{id}',
        '/api/pills/companies/{id}/to-templates',
        '/api/measurements/companies/{id}/to-templates',
      ]),
    );
  });
});
