import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  profitabilityResultSchema,
  PAYMENT_PENDING_MESSAGE,
  READ_ONLY_WHILE_APPROVAL_MESSAGE,
  WORKED_EXAMPLE_COST,
  formatServiceCode,
  type CalculatedService,
  type CompanyCalculationsEntry,
  type OrderDetail,
  type OrderStatus,
  type Paged,
  type ProfitabilityResult,
} from '@medcalc/domain';
import { calculations, orders, pills, staffRates } from '../src/db/schema';
import { INTERNAL_ERROR_MESSAGE } from '../src/plugins/error-handler';
import {
  createAgent,
  expectFieldErrors,
  registerUser,
  type Agent,
  withRefusingTrigger,
} from './helper';
import {
  WORKED_INFO,
  firstGroup,
  firstService,
  withCalculation,
  openTwoCompanies,
  saveBody,
  workedCalculations,
  useTwoCompanies,
  workedOrdersOf,
} from './worked-orders';

const suite = useTwoCompanies();
const db = () => suite.ctx.database.db;
const {
  placeOrder,
  placeOrderFor,
  paidOrderFor,
  setStatus,
  orderRow,
  calculationRows,
  historyOf,
  snapshotOf,
  countRows,
} = suite.kit;

/** A paid order of the worked example's service(s), Alice's unless told. */
const paidOrder = (
  agent: Agent = suite.alice.agent,
  company: string = suite.alice.company,
  names?: string[],
) => suite.kit.paidOrder(agent, company, names);

describe('signed out and CSRF', () => {
  it('answers 401 to every calculation call and changes nothing', async () => {
    const detail = await paidOrder();
    const guest = createAgent(suite.ctx.app);
    const before = await snapshotOf(detail.identifier);
    const calls: Array<[Parameters<Agent['request']>[0], string, unknown?]> = [
      ['POST', '/api/calculations/calculate-online', { calculations: {} }],
      ['POST', '/api/calculations/save', saveBody(detail)],
      ['POST', '/api/calculations/calculate', saveBody(detail)],
      ['GET', `/api/company/${suite.alice.company}/calculated-services`],
    ];
    for (const [method, url, body] of calls) {
      const response = await guest.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toMatch(/увійшли/);
    }
    expect(await snapshotOf(detail.identifier)).toEqual(before);
  });

  it('answers 419 to save without the XSRF header and changes nothing', async () => {
    const detail = await paidOrder();
    const before = await snapshotOf(detail.identifier);
    const response = await suite.alice.agent.request(
      'POST',
      '/api/calculations/save',
      saveBody(detail),
      {
        xsrf: false,
      },
    );
    expect(response.statusCode).toBe(419);
    expect(await snapshotOf(detail.identifier)).toEqual(before);
  });
});

describe('POST /api/calculations/calculate-online', () => {
  it('reproduces the worked example to the kopeck and stores nothing', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const [category, service] = firstService(calcs);
    const [stored] = await calculationRows(detail.identifier);
    const before = await countRows();
    const orderBefore = await snapshotOf(detail.identifier);

    const response = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: JSON.stringify(WORKED_INFO),
      calculations: JSON.stringify(calcs),
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ProfitabilityResult;
    expect(result).toEqual([
      {
        category,
        calculations: [
          {
            // The service's number in the company (issue 23), not its row id.
            companyId: formatServiceCode(stored?.serviceNumber ?? 0),
            id: service.id,
            name: service.name,
            summary: '243.34',
            summaryWithProfit: '279.84',
            costing: WORKED_EXAMPLE_COST,
          },
        ],
      },
    ]);
    expect(result[0]?.calculations[0]?.companyId).toMatch(/^\d{5,}$/);
    // Written without the response schema's check (calculations.routes.ts): the answer still satisfies it.
    expect(profitabilityResultSchema.parse(result)).toEqual(result);
    expect(await countRows()).toEqual(before);
    expect(await snapshotOf(detail.identifier)).toEqual(orderBefore);
  });

  it('accepts objects and the list form, keeps the order of categories and services', async () => {
    const detail = await paidOrder();
    const [, service] = firstService(workedCalculations(detail));
    const second = {
      ...service,
      id: service.id + 1000,
      name: 'Друга',
      calculation: { ...service.calculation, profit: 0 },
    };
    const response = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: WORKED_INFO,
      calculations: [
        { category: 'Б-категорія', calculations: [service] },
        { category: 'А-категорія', calculations: [second, service] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ProfitabilityResult;
    expect(
      result.map((group) => [
        group.category,
        group.calculations.map((c) => [c.name, c.summary, c.summaryWithProfit]),
      ]),
    ).toEqual([
      ['Б-категорія', [[service.name, '243.34', '279.84']]],
      [
        'А-категорія',
        [
          ['Друга', '243.34', '243.34'],
          [service.name, '243.34', '279.84'],
        ],
      ],
    ]);
  });

  it('counts missing institution data as 0', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const response = await suite.alice.agent.post('/api/calculations/calculate-online', {
      calculations: calcs,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [service] = (response.json() as ProfitabilityResult)[0]?.calculations ?? [];
    // No leave pay, ЄСВ or overheads: the cost is labour and materials only, the tariff 15 % more.
    expect(service?.costing).toMatchObject({
      labour: '131.72',
      additionalLabour: '0.00',
      esv: '0.00',
      overhead: '0.00',
      materials: '25.40',
      summary: '157.12',
      profit: '23.57',
      summaryWithProfit: '180.69',
    });
  });

  it('answers 422 under the field path for malformed JSON and bad values', async () => {
    const malformed = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: '{"name":',
      calculations: '[',
    });
    expectFieldErrors(malformed, ['companyInfo', 'calculations']);

    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const [category, service] = firstService(calcs);
    const stuff = service.calculation.stuff.map((line, index) =>
      index === 1 ? { ...line, timeSpend: -5 } : line,
    );
    const bad = await suite.alice.agent.post('/api/calculations/calculate-online', {
      calculations: JSON.stringify(withCalculation(category, service, { stuff })),
    });
    expectFieldErrors(bad, [`calculations.${category}.0.calculation.stuff.1.timeSpend`]);
  });
});

describe('POST /api/calculations/save', () => {
  it('stores the draft, moves payed → saved with a history row, and a second save keeps saved', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    suite.ctx.clock.advanceMinutes(3);
    const first = await suite.alice.agent.post('/api/calculations/save', saveBody(detail, calcs));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: 'Калькуляції збережено.',
      status: 'saved',
      version: 2,
    });

    const order = await orderRow(detail.identifier);
    expect(order).toMatchObject({ name: 'Калькуляція УЗД', status: 'saved' });
    expect(order.updatedAt).toEqual(suite.ctx.clock.now());
    expect(order.companyInfo).toEqual(WORKED_INFO);
    const [category, service] = firstService(calcs);
    const [row] = await calculationRows(detail.identifier);
    expect(row).toMatchObject({ id: service.id, name: service.name, summary: null, cost: null });
    expect(row?.content).toEqual(service.calculation);
    expect(await historyOf(detail.identifier)).toEqual([
      [suite.alice.userId, null, 'created'],
      [expect.any(Number), 'created', 'payed'],
      [suite.alice.userId, 'payed', 'saved'],
    ]);

    // The wizard reads back exactly what it saved.
    const reread = (
      await suite.alice.agent.get(`/api/orders/${detail.identifier}`)
    ).json() as OrderDetail;
    expect(reread.name).toBe('Калькуляція УЗД');
    expect(reread.companyInfo).toEqual(WORKED_INFO);
    expect(reread.calculations[category]?.[0]?.calculation).toEqual(service.calculation);

    // A second save with other values: the last one wins, the status stays saved and no history row is added.
    const edited = {
      [category]: [
        {
          ...service,
          name: 'УЗД (змінено)',
          calculation: { ...service.calculation, bonus: 25, chronometry: true, pills: [] },
        },
      ],
    };
    const second = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, edited, { ...WORKED_INFO, name: 'Інша назва' }, 'Друга назва'),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().status).toBe('saved');
    const [after] = await calculationRows(detail.identifier);
    expect(after?.name).toBe('УЗД (змінено)');
    expect(after?.content).toEqual({
      ...service.calculation,
      bonus: 25,
      chronometry: true,
      pills: [],
    });
    expect(await orderRow(detail.identifier)).toMatchObject({
      name: 'Друга назва',
      status: 'saved',
    });
    expect((await orderRow(detail.identifier)).companyInfo.name).toBe('Інша назва');
    expect(await historyOf(detail.identifier)).toHaveLength(3);
  });

  it('removes the order’s services the payload no longer has', async () => {
    const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга', 'Третя']);
    const [category, services] = firstGroup(workedCalculations(detail));
    expect(services.map((s) => s.name)).toEqual(['Перша', 'Друга', 'Третя']);
    const kept = [services[0], services[2]];
    const response = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, { [category]: kept }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await calculationRows(detail.identifier)).map((row) => row.name)).toEqual([
      'Перша',
      'Третя',
    ]);
  });

  it('keeps the order’s stored services count equal to its calculations (database triggers)', async () => {
    const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга', 'Третя']);
    const listed = async () => {
      const response = await suite.alice.agent.get('/api/orders');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Array<{ identifier: string; services: number }>).find(
        (order) => order.identifier === detail.identifier,
      )?.services;
    };
    expect((await orderRow(detail.identifier)).servicesCount).toBe(3);
    expect(await listed()).toBe(3);

    // Save drops the services its payload no longer has.
    const [category, services] = firstGroup(workedCalculations(detail));
    const saved = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, { [category]: [services[0], services[2]] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await orderRow(detail.identifier)).servicesCount).toBe(2);
    expect(await listed()).toBe(2);

    // A calculation never moves to another order (the counts would go wrong): the database refuses it.
    const other = await paidOrderFor(suite.alice, ['Інша']);
    const [row] = await calculationRows(detail.identifier);
    await expect(
      db()
        .update(calculations)
        .set({ orderId: (await orderRow(other.identifier)).id })
        .where(eq(calculations.id, (row as { id: number }).id)),
    ).rejects.toThrow();
    expect((await orderRow(detail.identifier)).servicesCount).toBe(2);
    expect((await orderRow(other.identifier)).servicesCount).toBe(1);
  });

  it('a TRUNCATE of the calculations (which fires no delete trigger) leaves every count at 0', async () => {
    // Its own app: the other tests' orders keep their calculations.
    const own = await openTwoCompanies();
    try {
      const kit = workedOrdersOf(own);
      const detail = await kit.paidOrder(own.alice.agent, own.alice.company, ['Перша', 'Друга']);
      expect((await kit.orderRow(detail.identifier)).servicesCount).toBe(2);
      await own.ctx.database.db.execute(sql`truncate table calculations`);
      expect((await kit.orderRow(detail.identifier)).servicesCount).toBe(0);
    } finally {
      await own.ctx.close();
    }
  });

  it('moves formed → saved, clearing the stored results, with a history row', async () => {
    const detail = await paidOrder();
    const calculated = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail),
    );
    expect(calculated.statusCode, calculated.body).toBe(200);
    expect((await calculationRows(detail.identifier))[0]?.summary).toBe('243.34');

    const saved = await suite.alice.agent.post('/api/calculations/save', saveBody(detail));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().status).toBe('saved');
    expect((await orderRow(detail.identifier)).status).toBe('saved');
    const [row] = await calculationRows(detail.identifier);
    expect(row).toMatchObject({ summary: null, summaryWithProfit: null, cost: null });
    expect((await historyOf(detail.identifier)).slice(2)).toEqual([
      [suite.alice.userId, 'payed', 'saved'],
      [suite.alice.userId, 'saved', 'formed'],
      [suite.alice.userId, 'formed', 'saved'],
    ]);
    // No longer calculated: its services leave the company's calculated lists.
    const list = (
      await suite.alice.agent.get(`/api/company/${suite.alice.company}/calculations`)
    ).json() as CompanyCalculationsEntry[];
    expect(list.flatMap((e) => e.calculations.map((c) => c.calculationId))).not.toContain(row?.id);
  });
});

describe('refusals change nothing', () => {
  it('403 while created, 409 while sent or confirmed, 404 for another company’s order', async () => {
    const identifier = await placeOrderFor(suite.alice, ['Послуга']);
    // Opened as the wizard would after payment, to have a body to send.
    await setStatus(identifier, 'paid');
    const detail = (await suite.alice.agent.get(`/api/orders/${identifier}`)).json() as OrderDetail;
    const cases: Array<[OrderStatus | 'paid', Agent, number, string, string | undefined]> = [
      ['created', suite.alice.agent, 403, 'FORBIDDEN', PAYMENT_PENDING_MESSAGE],
      ['sent', suite.alice.agent, 409, 'CONFLICT', READ_ONLY_WHILE_APPROVAL_MESSAGE],
      ['confirmed', suite.alice.agent, 409, 'CONFLICT', READ_ONLY_WHILE_APPROVAL_MESSAGE],
      ['paid', suite.bob.agent, 404, 'NOT_FOUND', 'Замовлення не знайдено.'],
    ];
    for (const [status, agent, statusCode, code, message] of cases) {
      await setStatus(identifier, status);
      const before = await snapshotOf(identifier);
      for (const call of ['save', 'calculate'] as const) {
        const response = await agent.post(`/api/calculations/${call}`, saveBody(detail));
        expect(response.statusCode, `${call} at ${status}`).toBe(statusCode);
        expect(response.json()).toEqual({ message, code });
      }
      expect(await snapshotOf(identifier)).toEqual(before);
    }
    // An unknown identifier is 404 as well.
    const unknown = await suite.alice.agent.post('/api/calculations/save', {
      ...saveBody(detail),
      identifier: 'nosuchorder23456',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('422 under companyInfo.<field> for a changed invalid ЄДРПОУ or account; a stored legacy value stays', async () => {
    const detail = await paidOrder();
    const before = await snapshotOf(detail.identifier);
    const refused = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, undefined, {
        ...WORKED_INFO,
        code: '14360571', // 14360570 with a wrong check digit
        payment_code: `UA${'0'.repeat(27)}`, // check digits 00 are never valid
        ceo_phone: '+380 (67) 111-22-33',
      }),
    );
    expectFieldErrors(refused, ['companyInfo.code', 'companyInfo.payment_code']);
    expect(await snapshotOf(detail.identifier)).toEqual(before);
    const calculated = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, undefined, { ...WORKED_INFO, code: '14360571' }),
    );
    expectFieldErrors(calculated, ['companyInfo.code']);
    expect(await snapshotOf(detail.identifier)).toEqual(before);

    // A value from before these checks, stored in the order's copy, saves unchanged; a valid new one too.
    const { id } = await orderRow(detail.identifier);
    await db()
      .update(orders)
      .set({ companyInfo: { ...WORKED_INFO, code: '123' } })
      .where(eq(orders.id, id));
    const kept = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, undefined, { ...WORKED_INFO, code: '123', payment_code: '' }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await orderRow(detail.identifier)).companyInfo.code).toBe('123');
    const valid = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, undefined, { ...WORKED_INFO, code: '14360570' }),
    );
    expect(valid.statusCode, valid.body).toBe(200);
    expect((await orderRow(detail.identifier)).companyInfo.code).toBe('14360570');
  });

  it('422 from the schemas under the full field path', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const [category, service] = firstService(calcs);
    const before = await snapshotOf(detail.identifier);
    const path = `calculations.${category}.0.calculation`;
    const withLines = (stuff: unknown[], pillLines: unknown[] = service.calculation.pills) =>
      withCalculation(category, service, { stuff, pills: pillLines });
    const [doctor, nurse] = service.calculation.stuff;
    const [gel] = service.calculation.pills;

    const malformed = await suite.alice.agent.post('/api/calculations/save', {
      ...saveBody(detail),
      calculations: '{"x": [',
      companyInfo: 'not json',
    });
    expectFieldErrors(malformed, ['calculations', 'companyInfo']);

    const badLines = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(
        detail,
        withLines(
          [
            { ...doctor, timeSpend: 12.5 },
            { ...nurse, timeSpend: -1, workingDay: 7.25 },
          ],
          [
            // Three decimals are a valid spend (2,5 мл, issue 23); a fourth is not.
            { ...gel, spend: 1.5005 },
            { ...gel, spend: -2 },
          ],
        ),
        { ...WORKED_INFO, unified_social_security_contribution_rate: 120 },
      ),
    );
    expectFieldErrors(badLines, [
      `${path}.stuff.0.timeSpend`,
      `${path}.stuff.1.timeSpend`,
      `${path}.stuff.1.workingDay`,
      `${path}.pills.0.spend`,
      `${path}.pills.1.spend`,
      'companyInfo.unified_social_security_contribution_rate',
    ]);
    expect(badLines.json().errors[`${path}.stuff.1.workingDay`]).toEqual([
      'Оберіть тривалість робочого дня зі списку.',
    ]);
    expect(await snapshotOf(detail.identifier)).toEqual(before);
  });

  it('422 for a service, qualification or material the order or company does not have', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const [category, service] = firstService(calcs);
    const path = `calculations.${category}`;
    // Bob's service, Bob's staffing row, a template staffing row and Bob's own material.
    const bobDetail = await paidOrderFor(suite.bob);
    const [, [bobService]] = firstGroup(workedCalculations(bobDetail));
    const bobStaffId = bobService?.calculation.stuff[0]?.quality?.id;
    const [templateStaff] = await db()
      .select({ id: staffRates.id })
      .from(staffRates)
      .where(isNull(staffRates.companyId))
      .limit(1);
    const unit = (await suite.bob.agent.get('/api/get-measurements')).json()[0]?.label as string;
    const bobPill = await suite.bob.agent.post(`/api/company/${suite.bob.company}/pills`, {
      name: 'Гель Боба',
      measurementType: unit,
      price: 1,
    });
    expect(bobPill.statusCode, bobPill.body).toBe(200);
    const [ownPill] = await db()
      .select({ id: pills.id })
      .from(pills)
      .where(eq(pills.name, 'Гель Боба'));
    if (!bobService || !bobStaffId || !templateStaff || !ownPill) throw new Error('setup');

    const before = await snapshotOf(detail.identifier);
    const [doctor, nurse] = service.calculation.stuff;
    const [gel, ...otherPills] = service.calculation.pills;
    const response = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(
        detail,
        withCalculation(
          category,
          service,
          {
            stuff: [
              { ...doctor, quality: { id: bobStaffId, name: 'Чужа посада' } },
              { ...nurse, quality: { id: templateStaff.id, name: 'Шаблонна посада' } },
            ],
            pills: [{ ...gel, id: ownPill.id }, ...otherPills],
          },
          service,
          bobService,
        ),
      ),
    );
    expectFieldErrors(response, [
      `${path}.0.calculation.stuff.0.quality.id`,
      `${path}.0.calculation.stuff.1.quality.id`,
      `${path}.0.calculation.pills.0.id`,
      `${path}.1.id`,
      `${path}.2.id`,
      // Bob's service names Bob's staffing rows.
      `${path}.2.calculation.stuff.0.quality.id`,
      `${path}.2.calculation.stuff.1.quality.id`,
    ]);
    expect(response.json().errors[`${path}.2.id`]).toEqual([
      'Калькуляцію не знайдено в цьому замовленні.',
    ]);
    expect(response.json().errors[`${path}.1.id`]).toEqual(['Калькуляцію вказано двічі.']);
    expect(await snapshotOf(detail.identifier)).toEqual(before);
    expect(await snapshotOf(bobDetail.identifier)).toMatchObject({
      order: { status: 'payed' },
    });

    // Alice's own material and template materials are accepted.
    const own = await suite.alice.agent.post(`/api/company/${suite.alice.company}/pills`, {
      name: 'Гель Аліси',
      measurementType: unit,
      price: 0.34,
    });
    const ownId = (own.json() as { data: { id: number } }).data.id;
    const accepted = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(
        detail,
        withCalculation(category, service, { pills: [{ ...gel, id: ownId }, ...otherPills] }),
      ),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe('POST /api/calculations/calculate', () => {
  it('computes the worked example, stores every row and moves the order to formed', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const [, service] = firstService(calcs);
    suite.ctx.clock.advanceMinutes(2);
    const response = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, calcs),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: expect.stringMatching(/розраховано/),
      status: 'formed',
      version: 2,
    });

    const [row] = await calculationRows(detail.identifier);
    expect(row).toMatchObject({
      id: service.id,
      summary: '243.34',
      summaryWithProfit: '279.84',
      cost: WORKED_EXAMPLE_COST,
      updatedAt: suite.ctx.clock.now(),
    });
    expect(row?.content).toEqual(service.calculation);
    expect(await orderRow(detail.identifier)).toMatchObject({
      status: 'formed',
      name: 'Калькуляція УЗД',
      companyInfo: WORKED_INFO,
    });
    // The draft is saved first (payed → saved), then calculated (saved → formed).
    expect((await historyOf(detail.identifier)).slice(2)).toEqual([
      [suite.alice.userId, 'payed', 'saved'],
      [suite.alice.userId, 'saved', 'formed'],
    ]);

    // What calculate stored is what the preview shows.
    const preview = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: WORKED_INFO,
      calculations: calcs,
    });
    expect((preview.json() as ProfitabilityResult)[0]?.calculations[0]?.costing).toEqual(row?.cost);

    // The services now appear among the company's calculations and calculated services.
    const entries = (
      await suite.alice.agent.get(`/api/company/${suite.alice.company}/calculations`)
    ).json() as CompanyCalculationsEntry[];
    expect(entries.flatMap((e) => e.calculations)).toContainEqual({
      calculationId: service.id,
      name: service.name,
      orderName: 'Калькуляція УЗД',
    });
    const page = (
      await suite.alice.agent.get(
        `/api/company/${suite.alice.company}/calculated-services?search=УЗД`,
      )
    ).json() as Paged<CalculatedService>;
    expect(page.data).toContainEqual(
      expect.objectContaining({
        id: service.id,
        code: formatServiceCode(row?.serviceNumber ?? 0),
        orderIdentifier: detail.identifier,
        orderStatus: 'formed',
        summary: '243.34',
        summaryWithProfit: '279.84',
      }),
    );

    // Calculating a formed order again with changed data: saved then formed again, the same numbers.
    const again = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, calcs, WORKED_INFO, 'УЗД, уточнено'),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'formed', version: 3 });
    expect((await calculationRows(detail.identifier))[0]?.summary).toBe('243.34');
    expect((await historyOf(detail.identifier)).slice(4)).toEqual([
      [suite.alice.userId, 'formed', 'saved'],
      [suite.alice.userId, 'saved', 'formed'],
    ]);
  });

  it('a repeat of the same calculate of unchanged data answers the same result and writes nothing', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const first = await suite.alice.agent.post('/api/calculations/calculate', {
      ...saveBody(detail, calcs),
      version: detail.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'formed', version: detail.version + 1 });
    const before = await snapshotOf(detail.identifier);
    const history = await historyOf(detail.identifier);
    const [stored] = await calculationRows(detail.identifier);

    // The double click's second request carries the version the wizard loaded, and a retry may carry none. The
    // wizard sends `equipment: []` where the first request (the spec's client) sent no key: the same calculation.
    const withNoEquipment = Object.fromEntries(
      Object.entries(calcs).map(([category, services]) => [
        category,
        services.map((service) => ({
          ...service,
          calculation: { ...service.calculation, equipment: [] },
        })),
      ]),
    );
    expect(JSON.stringify(calcs)).not.toContain('equipment');
    suite.ctx.clock.advanceMinutes(1);
    for (const [version, sent] of [
      [detail.version, calcs],
      [undefined, calcs],
      [detail.version, withNoEquipment],
    ] as const) {
      const repeat = await suite.alice.agent.post('/api/calculations/calculate', {
        ...saveBody(detail, sent),
        version,
      });
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect(repeat.json()).toEqual(first.json());
    }
    expect(await snapshotOf(detail.identifier)).toEqual(before);
    expect(await historyOf(detail.identifier)).toEqual(history);
    const [after] = await calculationRows(detail.identifier);
    expect(after?.updatedAt).toEqual(stored?.updatedAt);
    expect((await orderRow(detail.identifier)).version).toBe(detail.version + 1);

    // Data changed since (another name here): a stale version is refused as before, nothing written.
    const changed = await suite.alice.agent.post('/api/calculations/calculate', {
      ...saveBody(detail, calcs, WORKED_INFO, 'Інша назва'),
      version: detail.version,
    });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(await historyOf(detail.identifier)).toEqual(history);
  });

  it('422 naming what is missing; the draft is still saved and nothing is computed', async () => {
    const detail = await paidOrder();
    const calcs = workedCalculations(detail);
    const [category, service] = firstService(calcs);
    const path = `calculations.${category}.0.calculation`;

    const noRate = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(
        detail,
        calcs,
        { ...WORKED_INFO, unified_social_security_contribution_rate: null },
        'Без ставки ЄСВ',
      ),
    );
    expectFieldErrors(noRate, ['companyInfo.unified_social_security_contribution_rate']);
    expect(noRate.json().message).toMatch(/ЄСВ/);
    expect(await orderRow(detail.identifier)).toMatchObject({
      name: 'Без ставки ЄСВ',
      status: 'saved',
    });
    expect((await calculationRows(detail.identifier))[0]?.summary).toBeNull();

    const [doctor, nurse] = service.calculation.stuff;
    const noQualification = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(
        detail,
        withCalculation(category, service, {
          stuff: [
            { ...doctor, quality: null },
            { ...nurse, quality: { id: null, name: 'Сестра медична' } },
          ],
        }),
      ),
    );
    expectFieldErrors(noQualification, [`${path}.stuff.0.quality`, `${path}.stuff.1.quality`]);
    expect(noQualification.json().message).toBe(
      `Послуга «${service.name}»: Персонал, рядок 1: оберіть кваліфікацію.`,
    );
    expect(noQualification.json().errors[`${path}.stuff.1.quality`][0]).toMatch(
      /Сестра медична.*штатному розписі/,
    );
    const [stored] = await calculationRows(detail.identifier);
    expect(stored?.content.stuff[0]?.quality).toBeNull();
    expect(stored?.summary).toBeNull();

    const none = await suite.alice.agent.post('/api/calculations/calculate', saveBody(detail, {}));
    expectFieldErrors(none, ['calculations']);
    expect(none.json().message).toBe('Додайте до замовлення хоча б одну послугу.');
    expect(await calculationRows(detail.identifier)).toEqual([]);
    expect((await orderRow(detail.identifier)).status).toBe('saved');
    expect((await historyOf(detail.identifier)).map((h) => h[2])).not.toContain('formed');
  });
});

describe('a failure part-way leaves nothing half-stored', () => {
  /** A trigger that refuses updates of one calculation name stands for any failure half-way through. */
  const withRefusedName = <T>(name: string, when: string, work: () => Promise<T>) =>
    withRefusingTrigger(
      suite.ctx.database,
      { event: 'UPDATE', condition: `NEW.name = '${name}' AND ${when}` },
      work,
    );

  it('save: the second service fails, so neither the order nor the first service changes', async () => {
    const detail = await paidOrderFor(suite.alice, ['Добра', 'Зламана', 'Третя']);
    const [category, services] = firstGroup(workedCalculations(detail));
    const before = await snapshotOf(detail.identifier);
    await withRefusedName('Зламана', 'true', async () => {
      const response = await suite.alice.agent.post(
        '/api/calculations/save',
        saveBody(detail, { [category]: services.slice(0, 2) }, WORKED_INFO, 'Нова назва'),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL' });
    });
    expect(await snapshotOf(detail.identifier)).toEqual(before);
  });

  it('calculate: storing the second result fails, so no result is stored and the order is not formed', async () => {
    const detail = await paidOrderFor(suite.alice, ['Добра', 'Зламана']);
    const calcs = workedCalculations(detail);
    await withRefusedName('Зламана', 'NEW.summary IS NOT NULL', async () => {
      const response = await suite.alice.agent.post(
        '/api/calculations/calculate',
        saveBody(detail, calcs),
      );
      expect(response.statusCode).toBe(500);
    });
    // The draft's own transaction was committed; the results' transaction left nothing.
    const rows = await calculationRows(detail.identifier);
    expect(rows.map((row) => [row.name, row.summary, row.cost])).toEqual([
      ['Добра', null, null],
      ['Зламана', null, null],
    ]);
    expect((await orderRow(detail.identifier)).status).toBe('saved');
    expect((await historyOf(detail.identifier)).map((h) => h[2])).not.toContain('formed');

    // Without the failure the same call goes through.
    const retry = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, calcs),
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await calculationRows(detail.identifier)).map((row) => row.summary)).toEqual([
      '243.34',
      '243.34',
    ]);
  });
});

describe('GET /api/company/{companyIdentifier}/calculated-services', () => {
  it('pages the company’s services of formed, sent and confirmed orders, newest first, searchable', async () => {
    const fresh = await registerUser(suite.ctx.app);
    const company = fresh.user.companyIdentifier;
    const statuses: OrderStatus[] = ['created', 'payed', 'saved', 'formed', 'sent', 'confirmed'];
    for (const status of statuses) {
      suite.ctx.clock.advanceMinutes(1);
      const identifier = await placeOrder(
        fresh.agent,
        company,
        [`УЗД ${status}`, `Аналіз ${status}`],
        `Замовлення ${status}`,
      );
      if (status !== 'created') await setStatus(identifier, status === 'payed' ? 'paid' : status);
      // Newest updated first: touch the first service last.
      const [first] = await calculationRows(identifier);
      await db()
        .update(calculations)
        .set({ updatedAt: new Date(suite.ctx.clock.now().getTime() + 1000) })
        .where(eq(calculations.id, first?.id ?? 0));
    }

    const all = await fresh.agent.get(`/api/company/${company}/calculated-services?perPage=25`);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json() as Paged<CalculatedService>;
    expect(page.meta).toEqual({ currentPage: 1, lastPage: 1 });
    expect(page.data.map((s) => s.name)).toEqual([
      'УЗД confirmed',
      'Аналіз confirmed',
      'УЗД sent',
      'Аналіз sent',
      'УЗД formed',
      'Аналіз formed',
    ]);
    const [top] = page.data;
    expect(top).toMatchObject({
      code: formatServiceCode(
        (
          await db()
            .select()
            .from(calculations)
            .where(eq(calculations.id, top?.id ?? 0))
        )[0]?.serviceNumber ?? 0,
      ),
      orderName: 'Замовлення confirmed',
      orderStatus: 'confirmed',
      summary: null,
      summaryWithProfit: null,
    });
    expect(top?.categoryName).toEqual(expect.any(String));
    expect(Date.parse(top?.created_at ?? '')).not.toBeNaN();

    // Case-insensitive with Cyrillic; paged like the other lists.
    const search = await fresh.agent.get(
      `/api/company/${company}/calculated-services?search=${encodeURIComponent('уЗд')}&perPage=5&page=1`,
    );
    expect((search.json() as Paged<CalculatedService>).data.map((s) => s.name)).toEqual([
      'УЗД confirmed',
      'УЗД sent',
      'УЗД formed',
    ]);
    const second = (
      await fresh.agent.get(`/api/company/${company}/calculated-services?perPage=5&page=2`)
    ).json() as Paged<CalculatedService>;
    expect(second.meta).toEqual({ currentPage: 2, lastPage: 2 });
    expect(second.data.map((s) => s.name)).toEqual(['Аналіз formed']);

    // Another company's services never appear; its identifier is refused.
    const alices = (
      await suite.alice.agent.get(
        `/api/company/${suite.alice.company}/calculated-services?search=confirmed`,
      )
    ).json() as Paged<CalculatedService>;
    expect(alices.data).toEqual([]);
    expect(
      (await suite.alice.agent.get(`/api/company/${company}/calculated-services`)).statusCode,
    ).toBe(403);
  });
});
