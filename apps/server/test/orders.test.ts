import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_PENDING_MESSAGE,
  SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE,
  emptyCompanyInfo,
  formatStaffRateLabel,
  orderListItemSchema,
  type AdminOrderListItem,
  type CalculationContent,
  type CompanyCalculationsEntry,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
} from '@medcalc/domain';
import {
  calculations,
  categories,
  companies,
  orderStatusHistory,
  orders,
  staffRates,
  templates,
  users,
} from '../src/db/schema';
import { INTERNAL_ERROR_MESSAGE } from '../src/plugins/error-handler';
import {
  buildTestApp,
  createAgent,
  registerUser,
  TEST_ADMIN,
  type Agent,
  type TestContext,
  withRefusingTrigger,
  expectValidationAnswer,
} from './helper';

let ctx: TestContext;
let alice: Agent;
let aliceCompany: string;
let aliceCompanyId: number;
let aliceUserId: number;
let bob: Agent;
let bobCompany: string;
let admin: Agent;
let adminUserId: number;
let template: { id: number; categoryId: number; name: string; content: CalculationContent };
let categoryIds: number[];

const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await buildTestApp();
  const a = await registerUser(ctx.app);
  alice = a.agent;
  aliceCompany = a.user.companyIdentifier;
  aliceUserId = a.user.id;
  const b = await registerUser(ctx.app);
  bob = b.agent;
  bobCompany = b.user.companyIdentifier;
  admin = createAgent(ctx.app);
  const login = await admin.post('/login', TEST_ADMIN);
  expect(login.statusCode).toBe(200);
  adminUserId = login.json().user.id;

  const [company] = await db()
    .select()
    .from(companies)
    .where(eq(companies.identifier, aliceCompany));
  if (!company) throw new Error('company not stored');
  aliceCompanyId = company.id;
  const [row] = await db()
    .select()
    .from(templates)
    .where(eq(templates.seedKey, 'ultrasound-abdomen'));
  if (!row || row.content.stuff.length < 2)
    throw new Error('seeded template with two staff lines expected');
  template = row;
  categoryIds = (
    await db().select({ id: categories.id }).from(categories).orderBy(asc(categories.id))
  ).map((c) => c.id);
});
afterAll(async () => {
  await ctx.close();
});

const blank = (name: string, categoryId = categoryIds[0]) => ({
  categoryId,
  source: null,
  sourceId: null,
  templateName: name,
});
const fromTemplate = (name: string) => ({
  categoryId: template.categoryId,
  source: 'template',
  sourceId: template.id,
  templateId: template.id,
  templateName: name,
});

async function placeOrder(
  agent: Agent,
  company: string,
  entries: unknown[],
  name = 'Калькуляція для: 22.11.2026',
) {
  const response = await agent.post(`/api/company/${company}/orders/add`, {
    userIdentifier: 'ignored',
    name,
    companyInfo: emptyCompanyInfo(),
    calculations: entries,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().identifier as string;
}

async function setStatus(identifier: string, status: string) {
  const response = await admin.patch('/api/administrator/orders/change-status', {
    identifier,
    status,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function orderRow(identifier: string) {
  const [row] = await db().select().from(orders).where(eq(orders.identifier, identifier));
  return row;
}

async function historyOf(identifier: string) {
  const row = await orderRow(identifier);
  if (!row) return [];
  return db()
    .select({
      userId: orderStatusHistory.userId,
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      at: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, row.id))
    .orderBy(asc(orderStatusHistory.id));
}

async function countRows() {
  const [o] = await db().select({ n: count() }).from(orders);
  const [c] = await db().select({ n: count() }).from(calculations);
  const [h] = await db().select({ n: count() }).from(orderStatusHistory);
  return { orders: o?.n, calculations: c?.n, history: h?.n };
}

describe('signed out', () => {
  it('answers 401 to every order call', async () => {
    const guest = createAgent(ctx.app);
    const identifier = await placeOrder(alice, aliceCompany, [blank('Послуга')]);
    const calls: Array<[Parameters<Agent['request']>[0], string, unknown?]> = [
      ['GET', `/api/company/${aliceCompany}/calculations`],
      [
        'POST',
        `/api/company/${aliceCompany}/orders/add`,
        { name: 'x', calculations: [blank('x')] },
      ],
      ['GET', '/api/orders'],
      ['GET', `/api/orders/${identifier}`],
      ['DELETE', `/api/orders/${identifier}`],
      ['POST', '/api/orders/duplicate', { identifier }],
      ['POST', '/api/calculations/approve-from-user', { identifier }],
      ['GET', '/api/administrator/orders'],
      ['PATCH', '/api/administrator/orders/change-status', { identifier, status: 'paid' }],
    ];
    const before = await countRows();
    for (const [method, url, body] of calls) {
      const response = await guest.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toMatch(/увійшли/);
    }
    expect(await countRows()).toEqual(before);
    expect((await orderRow(identifier))?.status).toBe('created');
  });
});

describe('POST /api/company/{companyIdentifier}/orders/add', () => {
  it('creates the order in created with a history row, the stored institution data and positioned copies', async () => {
    const storedInfo = { ...emptyCompanyInfo(), name: 'КНП «Збережена назва»', code: '12345678' };
    await db().update(companies).set({ info: storedInfo }).where(eq(companies.id, aliceCompanyId));
    ctx.clock.advanceMinutes(5);

    const response = await alice.post(`/api/company/${aliceCompany}/orders/add`, {
      name: 'Калькуляція для: 22.11.2026',
      companyInfo: { ...emptyCompanyInfo(), name: 'Підмінено клієнтом' },
      calculations: [blank('Порожня послуга', categoryIds[1]), fromTemplate('УЗД (моя назва)')],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toMatch(/Замовлення оформлено/);
    expect(body.identifier).toMatch(/^[a-z0-9]{16}$/);

    const row = await orderRow(body.identifier);
    expect(row).toMatchObject({
      companyId: aliceCompanyId,
      userId: aliceUserId,
      name: 'Калькуляція для: 22.11.2026',
      status: 'created',
    });
    expect(row?.companyInfo).toMatchObject({ name: 'КНП «Збережена назва»', code: '12345678' });
    expect(row?.createdAt).toEqual(ctx.clock.now());
    expect(await historyOf(body.identifier)).toEqual([
      { userId: aliceUserId, from: null, to: 'created', at: ctx.clock.now() },
    ]);
    const copies = await db()
      .select()
      .from(calculations)
      .where(eq(calculations.orderId, row?.id ?? 0))
      .orderBy(asc(calculations.position));
    expect(
      copies.map((c) => [c.position, c.name, c.categoryId, c.source, c.sourceId, c.companyId]),
    ).toEqual([
      [0, 'Порожня послуга', categoryIds[1], null, null, aliceCompanyId],
      [1, 'УЗД (моя назва)', template.categoryId, 'template', template.id, aliceCompanyId],
    ]);
    expect(copies[0]?.content).toEqual({ bonus: 0, profit: 0, stuff: [], pills: [] });
    expect(copies[1]?.content.pills).toEqual(template.content.pills);
    expect(new Set(copies.map((c) => c.identifier)).size).toBe(2);
  });

  it('answers 403 for another company’s identifier and creates nothing', async () => {
    const before = await countRows();
    const response = await bob.post(`/api/company/${aliceCompany}/orders/add`, {
      name: 'Чуже',
      calculations: [blank('x')],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/іншого закладу/);
    expect(await countRows()).toEqual(before);
  });

  it('answers 422 in the spec’s shape for bad input and creates nothing', async () => {
    const before = await countRows();
    const empty = await alice.post(`/api/company/${aliceCompany}/orders/add`, {
      name: '',
      calculations: [],
    });
    expectValidationAnswer(empty, {
      name: [expect.stringMatching(/обов/)],
      calculations: ['Оберіть хоча б одну калькуляцію.'],
    });

    const missingCategory = await alice.post(`/api/company/${aliceCompany}/orders/add`, {
      name: 'Замовлення',
      calculations: [{ source: null, templateName: 'x' }],
    });
    expect(missingCategory.statusCode).toBe(422);
    expect(Object.keys(missingCategory.json().errors)).toEqual(['calculations.0.categoryId']);

    const unknown = await alice.post(`/api/company/${aliceCompany}/orders/add`, {
      name: 'Замовлення',
      calculations: [
        blank('Добре'),
        blank('Погана категорія', 987654),
        { ...fromTemplate('Поганий шаблон'), sourceId: 987654, templateId: 987654 },
        {
          categoryId: categoryIds[0],
          source: 'calculation',
          sourceId: 987654,
          templateName: 'Погана калькуляція',
        },
      ],
    });
    expectValidationAnswer(unknown, {
      'calculations.1.categoryId': ['Обраної категорії не існує.'],
      'calculations.2.sourceId': ['Шаблон не знайдено.'],
      'calculations.3.sourceId': [expect.stringMatching(/не знайдено/)],
    });
    expect(await countRows()).toEqual(before);
  });

  it('maps template staff onto the company’s own rows with the company’s edited salary', async () => {
    const [first, second] = template.content.stuff;
    const firstTemplateRow = first?.quality?.id;
    const secondTemplateRow = second?.quality?.id;
    if (typeof firstTemplateRow !== 'number' || typeof secondTemplateRow !== 'number')
      throw new Error('setup');
    expect(secondTemplateRow).not.toBe(firstTemplateRow);

    const [ownRow] = await db()
      .update(staffRates)
      .set({ salary: '45678.90' })
      .where(
        and(eq(staffRates.companyId, aliceCompanyId), eq(staffRates.templateId, firstTemplateRow)),
      )
      .returning();
    if (!ownRow) throw new Error('the company has no copy of the template row');
    // The company no longer has the second position: the copy keeps the template's name with no id.
    await db()
      .delete(staffRates)
      .where(
        and(eq(staffRates.companyId, aliceCompanyId), eq(staffRates.templateId, secondTemplateRow)),
      );

    const identifier = await placeOrder(alice, aliceCompany, [fromTemplate('УЗД')]);
    await setStatus(identifier, 'paid');
    const detail = (await alice.get(`/api/orders/${identifier}`)).json() as OrderDetail;
    const [copy] = Object.values(detail.calculations).flat();
    expect(copy?.calculation.stuff[0]).toEqual({
      ...first,
      quality: { id: ownRow.id, name: formatStaffRateLabel(ownRow) },
      salary: 45678.9,
    });
    expect(copy?.calculation.stuff[1]).toEqual({
      ...second,
      quality: { id: null, name: second?.quality?.name },
      salary: null,
    });

    // Bob's company kept the template salary: the same template maps onto his own row.
    const bobOrder = await placeOrder(bob, bobCompany, [fromTemplate('УЗД')]);
    await setStatus(bobOrder, 'paid');
    const bobDetail = (await bob.get(`/api/orders/${bobOrder}`)).json() as OrderDetail;
    const bobLine = Object.values(bobDetail.calculations).flat()[0]?.calculation.stuff[0];
    expect(bobLine?.quality?.id).not.toBe(ownRow.id);
    expect(bobLine?.quality?.id).not.toBe(firstTemplateRow);
    expect(bobLine?.salary).toBe(first?.salary);
  });

  it('keeps the copy when the template is edited afterwards', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [fromTemplate('УЗД до зміни')]);
    await setStatus(identifier, 'paid');
    const before = (await alice.get(`/api/orders/${identifier}`)).json() as OrderDetail;

    const edited: CalculationContent = {
      ...template.content,
      bonus: template.content.bonus + 50,
      pills: template.content.pills.map((line) => ({
        ...line,
        price: line.price + 100,
        spend: line.spend + 1,
      })),
    };
    await db()
      .update(templates)
      .set({ content: edited, name: 'Змінений шаблон' })
      .where(eq(templates.id, template.id));
    try {
      const after = (await alice.get(`/api/orders/${identifier}`)).json() as OrderDetail;
      expect(after.calculations).toEqual(before.calculations);
      const [copy] = Object.values(after.calculations).flat();
      expect(copy?.calculation.pills).toEqual(template.content.pills);
      expect(copy?.calculation.bonus).toBe(template.content.bonus);
      expect(copy?.name).toBe('УЗД до зміни');
    } finally {
      await db()
        .update(templates)
        .set({ content: template.content, name: template.name })
        .where(eq(templates.id, template.id));
    }
  });
});

describe('one transaction per order', () => {
  it('stores nothing of the order when the second calculation cannot be written', async () => {
    // A trigger that refuses one calculation name stands for any failure half-way through the copies: the
    // order row and its first history row are already written by then, and must go with the rollback.
    await withRefusingTrigger(
      ctx.database,
      { event: 'INSERT', condition: "NEW.name = 'Зламана копія'" },
      async () => {
        const before = await countRows();
        const response = await alice.post(`/api/company/${aliceCompany}/orders/add`, {
          name: 'Замовлення, що не відбудеться',
          calculations: [fromTemplate('Добра копія'), blank('Зламана копія')],
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL' });
        expect(await countRows()).toEqual(before);
        const stray = await db()
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.name, 'Замовлення, що не відбудеться'));
        expect(stray).toEqual([]);
      },
    );
    // The same order without the refused name goes through: the failure was the trigger, not the input.
    await placeOrder(alice, aliceCompany, [fromTemplate('Добра копія'), blank('Інша копія')]);
  });
});

describe('GET /api/orders/{identifier} and the payment gate', () => {
  it('answers 403 while created and 200 once the administrator sets paid', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [
      blank('Перша', categoryIds[1]),
      fromTemplate('Друга'),
      blank('Третя', categoryIds[1]),
    ]);
    const closed = await alice.get(`/api/orders/${identifier}`);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ message: PAYMENT_PENDING_MESSAGE, code: 'FORBIDDEN' });

    await setStatus(identifier, 'paid');
    const open = await alice.get(`/api/orders/${identifier}`);
    expect(open.statusCode).toBe(200);
    const detail = open.json() as OrderDetail;
    expect(detail).toMatchObject({
      identifier,
      name: 'Калькуляція для: 22.11.2026',
      status: 'payed',
    });
    const [second] = await db()
      .select()
      .from(categories)
      .where(eq(categories.id, categoryIds[1] ?? 0));
    const [templateCategory] = await db()
      .select()
      .from(categories)
      .where(eq(categories.id, template.categoryId));
    const groups = Object.entries(detail.calculations).map(([name, items]) => [
      name,
      items.map((i) => i.name),
    ]);
    expect(groups).toEqual(
      second?.id === templateCategory?.id
        ? [[second?.name, ['Перша', 'Друга', 'Третя']]]
        : [
            [second?.name, ['Перша', 'Третя']],
            [templateCategory?.name, ['Друга']],
          ],
    );
    expect(detail.companyInfo).toMatchObject({ name: 'КНП «Збережена назва»' });
  });

  it('answers 404 to another company and to an unknown identifier', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [blank('Послуга')]);
    await setStatus(identifier, 'paid');
    const foreign = await bob.get(`/api/orders/${identifier}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Замовлення не знайдено.');
    // Well-formed but unknown → 404; malformed (not an identifier the server makes) → 422 before any query.
    expect((await alice.get('/api/orders/nosuchorder23456')).statusCode).toBe(404);
    expect((await alice.get('/api/orders/no-such-order')).statusCode).toBe(422);
  });
});

describe('GET /api/orders', () => {
  it('lists only the company’s orders, newest first', async () => {
    const fresh = await registerUser(ctx.app);
    const company = fresh.user.companyIdentifier;
    expect((await fresh.agent.get('/api/orders')).json()).toEqual([]);
    const first = await placeOrder(fresh.agent, company, [blank('a')], 'Перше');
    ctx.clock.advanceMinutes(1);
    const second = await placeOrder(fresh.agent, company, [blank('b')], 'Друге');
    await setStatus(first, 'paid');
    const list = (await fresh.agent.get('/api/orders')).json() as OrderListItem[];
    const placedAt = (minutes: number) =>
      new Date(ctx.clock.now().getTime() - minutes * 60_000).toISOString();
    expect(list).toEqual([
      {
        identifier: second,
        number: expect.stringMatching(/^З-\d{4}-0002$/),
        name: 'Друге',
        status: 'created',
        createdAt: placedAt(0),
        services: 1,
        amount: '240.00',
        revision: 1,
      },
      {
        identifier: first,
        number: expect.stringMatching(/^З-\d{4}-0001$/),
        name: 'Перше',
        status: 'payed',
        createdAt: placedAt(1),
        services: 1,
        amount: '240.00',
        revision: 1,
      },
    ]);
    // The route writes its answer without the response schema's check (orders.routes.ts): the schema reads it.
    expect(orderListItemSchema.strict().array().parse(list)).toEqual(list);
    const aliceList = (await alice.get('/api/orders')).json() as OrderListItem[];
    expect(aliceList.map((o) => o.identifier)).not.toContain(first);
  });
});

describe('DELETE /api/orders/{identifier}', () => {
  it('deletes the company’s own order with its calculations and history', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [blank('a'), blank('b')]);
    const row = await orderRow(identifier);
    const response = await alice.delete(`/api/orders/${identifier}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Замовлення видалено.' });
    expect(await orderRow(identifier)).toBeUndefined();
    const left = await db()
      .select()
      .from(calculations)
      .where(eq(calculations.orderId, row?.id ?? 0));
    expect(left).toEqual([]);
    expect((await alice.delete(`/api/orders/${identifier}`)).statusCode).toBe(404);
  });
});

describe('another company’s order', () => {
  it('cannot be read, deleted, duplicated or sent for approval (404), and nothing changes', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [fromTemplate('УЗД')]);
    await setStatus(identifier, 'formed');
    const before = await countRows();
    const historyBefore = await historyOf(identifier);

    expect((await bob.get(`/api/orders/${identifier}`)).statusCode).toBe(404);
    expect((await bob.delete(`/api/orders/${identifier}`)).statusCode).toBe(404);
    expect((await bob.post('/api/orders/duplicate', { identifier })).statusCode).toBe(404);
    expect((await bob.post('/api/calculations/approve-from-user', { identifier })).statusCode).toBe(
      404,
    );
    expect((await bob.get(`/api/company/${aliceCompany}/calculations`)).statusCode).toBe(403);
    expect((await bob.get('/api/orders')).json()).not.toContainEqual(
      expect.objectContaining({ identifier }),
    );

    expect(await countRows()).toEqual(before);
    expect((await orderRow(identifier))?.status).toBe('formed');
    expect(await historyOf(identifier)).toEqual(historyBefore);
  });
});

describe('POST /api/orders/duplicate', () => {
  it('creates a new order in created with equal content and its own history row', async () => {
    const identifier = await placeOrder(
      alice,
      aliceCompany,
      [fromTemplate('УЗД'), blank('Порожня', categoryIds[2])],
      'Березень',
    );
    await setStatus(identifier, 'agreed');
    ctx.clock.advanceMinutes(3);

    const response = await alice.post('/api/orders/duplicate', { identifier });
    expect(response.statusCode).toBe(200);
    const copyIdentifier = response.json().identifier as string;
    expect(response.json().message).toMatch(/оплати/);
    expect(copyIdentifier).not.toBe(identifier);

    const copy = await orderRow(copyIdentifier);
    const source = await orderRow(identifier);
    expect(copy).toMatchObject({
      name: 'Березень (копія)',
      status: 'created',
      companyId: aliceCompanyId,
      userId: aliceUserId,
    });
    expect(copy?.companyInfo).toEqual(source?.companyInfo);
    expect(source?.status).toBe('confirmed');
    expect(await historyOf(copyIdentifier)).toEqual([
      { userId: aliceUserId, from: null, to: 'created', at: ctx.clock.now() },
    ]);
    const contentOf = async (orderId: number) =>
      (
        await db()
          .select()
          .from(calculations)
          .where(eq(calculations.orderId, orderId))
          .orderBy(asc(calculations.position))
      ).map((c) => ({
        name: c.name,
        categoryId: c.categoryId,
        position: c.position,
        content: c.content,
      }));
    const copied = await contentOf(copy?.id ?? 0);
    expect(copied).toHaveLength(2);
    expect(copied).toEqual(await contentOf(source?.id ?? 0));

    // A new order means a new payment: the copy is closed until the administrator confirms it.
    expect((await alice.get(`/api/orders/${copyIdentifier}`)).statusCode).toBe(403);
    const list = (await alice.get('/api/orders')).json() as OrderListItem[];
    expect(list[0]).toEqual({
      identifier: copyIdentifier,
      number: expect.stringMatching(/^З-\d{4}-\d{4}$/),
      name: 'Березень (копія)',
      status: 'created',
      createdAt: ctx.clock.now().toISOString(),
      services: 2,
      amount: '480.00',
      revision: 1,
    });
  });

  it('numbers a copy of a copy instead of stacking the suffix', async () => {
    const fresh = await registerUser(ctx.app);
    const company = fresh.user.companyIdentifier;
    const original = await placeOrder(fresh.agent, company, [blank('Послуга')], 'Квітень');
    // Another company's names do not take the numbers.
    await placeOrder(bob, bobCompany, [blank('Послуга')], 'Квітень (копія)');
    const duplicate = async (identifier: string) => {
      const response = await fresh.agent.post('/api/orders/duplicate', { identifier });
      expect(response.statusCode, response.body).toBe(200);
      const copy = await orderRow(response.json().identifier as string);
      if (!copy) throw new Error('copy not stored');
      return copy;
    };
    const first = await duplicate(original);
    expect(first.name).toBe('Квітень (копія)');
    const copyOfCopy = await duplicate(first.identifier);
    expect(copyOfCopy.name).toBe('Квітень (копія 2)');
    expect((await duplicate(copyOfCopy.identifier)).name).toBe('Квітень (копія 3)');
    // Copying the original again takes the next free number.
    expect((await duplicate(original)).name).toBe('Квітень (копія 4)');
  });

  it('answers 422 under identifier when it is missing', async () => {
    const response = await alice.post('/api/orders/duplicate', {});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['identifier']);
  });
});

describe('POST /api/calculations/approve-from-user', () => {
  it('sends for approval only from formed and records the change', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [blank('Послуга')]);
    for (const status of ['created', 'paid', 'saved'] as const) {
      if (status !== 'created') await setStatus(identifier, status);
      const refused = await alice.post('/api/calculations/approve-from-user', { identifier });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: SEND_FOR_APPROVAL_NOT_ALLOWED_MESSAGE,
        code: 'INVALID_STATE',
      });
    }
    await setStatus(identifier, 'formed');
    ctx.clock.advanceMinutes(10);
    const sent = await alice.post('/api/calculations/approve-from-user', { identifier });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Калькуляцію відправлено на погодження.' });
    const row = await orderRow(identifier);
    expect(row?.status).toBe('sent');
    expect(row?.updatedAt).toEqual(ctx.clock.now());

    const again = await alice.post('/api/calculations/approve-from-user', { identifier });
    expect(again.statusCode).toBe(422);
    expect((await orderRow(identifier))?.status).toBe('sent');

    expect((await historyOf(identifier)).map((h) => [h.userId, h.from, h.to])).toEqual([
      [aliceUserId, null, 'created'],
      [adminUserId, 'created', 'payed'],
      [adminUserId, 'payed', 'saved'],
      [adminUserId, 'saved', 'formed'],
      [aliceUserId, 'formed', 'sent'],
    ]);
    expect((await historyOf(identifier)).at(-1)?.at).toEqual(ctx.clock.now());
  });
});

describe('GET /api/company/{companyIdentifier}/calculations', () => {
  it('lists only the company’s calculations of orders at formed or later, by category', async () => {
    const fresh = await registerUser(ctx.app);
    const company = fresh.user.companyIdentifier;
    const statuses: OrderStatus[] = ['created', 'payed', 'saved', 'formed', 'sent', 'confirmed'];
    for (const status of statuses) {
      const identifier = await placeOrder(
        fresh.agent,
        company,
        [blank(`Послуга ${status}`, categoryIds[1]), blank(`Аналіз ${status}`)],
        `Замовлення ${status}`,
      );
      if (status !== 'created') await setStatus(identifier, status);
    }
    const response = await fresh.agent.get(`/api/company/${company}/calculations`);
    expect(response.statusCode).toBe(200);
    const entries = response.json() as CompanyCalculationsEntry[];
    const names = await db().select().from(categories).orderBy(asc(categories.id));
    expect(
      entries.map((e) => [e.categoryId, e.categoryName, e.calculations.map((c) => c.name)]),
    ).toEqual([
      [categoryIds[0], names[0]?.name, ['Аналіз confirmed', 'Аналіз formed', 'Аналіз sent']],
      [categoryIds[1], names[1]?.name, ['Послуга confirmed', 'Послуга formed', 'Послуга sent']],
    ]);
    // Each entry names its order (an addition to spec §3), so equal names in several orders differ.
    expect(entries[0]?.calculations.map((c) => Object.keys(c).sort())).toEqual([
      ['calculationId', 'name', 'orderName'],
      ['calculationId', 'name', 'orderName'],
      ['calculationId', 'name', 'orderName'],
    ]);
    expect(entries[0]?.calculations.map((c) => [c.name, c.orderName])).toEqual([
      ['Аналіз confirmed', 'Замовлення confirmed'],
      ['Аналіз formed', 'Замовлення formed'],
      ['Аналіз sent', 'Замовлення sent'],
    ]);

    // An own calculation can be reused in a new order; one of an order not yet calculated cannot.
    const reusable = entries[0]?.calculations[0]?.calculationId;
    const [notCalculated] = await db()
      .select({ id: calculations.id })
      .from(calculations)
      .where(eq(calculations.name, 'Аналіз saved'));
    const refused = await fresh.agent.post(`/api/company/${company}/orders/add`, {
      name: 'Повтор',
      calculations: [
        {
          categoryId: categoryIds[0],
          source: 'calculation',
          sourceId: notCalculated?.id,
          templateName: 'x',
        },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['calculations.0.sourceId']);
    const fromAnotherCompany = await alice.post(`/api/company/${aliceCompany}/orders/add`, {
      name: 'Чужа калькуляція',
      calculations: [
        {
          categoryId: categoryIds[0],
          source: 'calculation',
          sourceId: reusable,
          templateName: 'x',
        },
      ],
    });
    expect(fromAnotherCompany.statusCode).toBe(422);

    const reused = await placeOrder(fresh.agent, company, [
      {
        categoryId: categoryIds[2],
        source: 'calculation',
        sourceId: reusable,
        templateName: 'Повторний аналіз',
      },
    ]);
    const [copy] = await db()
      .select()
      .from(calculations)
      .where(eq(calculations.orderId, (await orderRow(reused))?.id ?? 0));
    expect(copy).toMatchObject({
      name: 'Повторний аналіз',
      categoryId: categoryIds[2],
      source: 'calculation',
      sourceId: reusable,
    });
  });

  it('answers 403 for another company’s identifier', async () => {
    const response = await alice.get(`/api/company/${bobCompany}/calculations`);
    expect(response.statusCode).toBe(403);
  });
});

describe('administrator orders', () => {
  it('refuses both admin calls to a company user (403) and changes nothing', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [blank('Послуга')]);
    const list = await alice.get('/api/administrator/orders');
    expect(list.statusCode).toBe(403);
    const change = await alice.patch('/api/administrator/orders/change-status', {
      identifier,
      status: 'paid',
    });
    expect(change.statusCode).toBe(403);
    const invalid = await alice.patch('/api/administrator/orders/change-status', {
      identifier,
      status: 'nonsense',
    });
    expect(invalid.statusCode).toBe(403);
    expect((await orderRow(identifier))?.status).toBe('created');
    expect(await historyOf(identifier)).toHaveLength(1);
  });

  it('lists every company’s orders newest first with the company name and ISO dates', async () => {
    ctx.clock.advanceMinutes(1);
    const bobOrder = await placeOrder(bob, bobCompany, [blank('Bob')], 'Замовлення Боба');
    const response = await admin.get('/api/administrator/orders');
    expect(response.statusCode).toBe(200);
    const list = response.json() as AdminOrderListItem[];
    const [bobCompanyRow] = await db()
      .select()
      .from(companies)
      .where(eq(companies.identifier, bobCompany));
    expect(list[0]).toEqual({
      identifier: bobOrder,
      number: expect.stringMatching(/^З-\d{4}-\d{4}$/),
      name: 'Замовлення Боба',
      status: 'created',
      company: bobCompanyRow?.name,
      companyIdentifier: bobCompany,
      services: 1,
      amount: '240.00',
      contactEmail: expect.stringContaining('@clinic.test'),
      contactPhone: '+380 50 123 45 67', // stored as formatted (issue 23)
      deletedAt: null,
      createdAt: ctx.clock.now().toISOString(),
      updatedAt: ctx.clock.now().toISOString(),
    });
    const all = await db().select({ identifier: orders.identifier }).from(orders);
    expect(list.map((o) => o.identifier).sort()).toEqual(all.map((o) => o.identifier).sort());
    const times = list.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('sets statuses (admin spellings too), writes history and updated_at, and validates', async () => {
    const identifier = await placeOrder(alice, aliceCompany, [blank('Послуга')]);
    ctx.clock.advanceMinutes(7);
    const paid = await admin.patch('/api/administrator/orders/change-status', {
      identifier,
      status: 'paid',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().message).toMatch(/Оплачено/);
    expect(await orderRow(identifier)).toMatchObject({
      status: 'payed',
      updatedAt: ctx.clock.now(),
    });

    await setStatus(identifier, 'agreed');
    expect((await orderRow(identifier))?.status).toBe('confirmed');
    await setStatus(identifier, 'created');
    expect((await orderRow(identifier))?.status).toBe('created');
    // Setting the status the order already has is not a change: no history row.
    await setStatus(identifier, 'created');

    expect((await historyOf(identifier)).map((h) => [h.userId, h.from, h.to])).toEqual([
      [aliceUserId, null, 'created'],
      [adminUserId, 'created', 'payed'],
      [adminUserId, 'payed', 'confirmed'],
      [adminUserId, 'confirmed', 'created'],
    ]);

    const unknownStatus = await admin.patch('/api/administrator/orders/change-status', {
      identifier,
      status: 'approved',
    });
    expectValidationAnswer(unknownStatus, { status: ['Невідомий статус замовлення.'] });
    const unknownOrder = await admin.patch('/api/administrator/orders/change-status', {
      identifier: 'nosuchorder23456',
      status: 'paid',
    });
    expect(unknownOrder.statusCode).toBe(404);
    expect((await orderRow(identifier))?.status).toBe('created');
  });

  it('keeps history rows when the acting user is deleted', async () => {
    const fresh = await registerUser(ctx.app);
    const identifier = await placeOrder(fresh.agent, fresh.user.companyIdentifier, [
      blank('Послуга'),
    ]);
    await db().delete(users).where(eq(users.id, fresh.user.id));
    expect((await historyOf(identifier)).map((h) => [h.userId, h.to])).toEqual([[null, 'created']]);
  });
});
