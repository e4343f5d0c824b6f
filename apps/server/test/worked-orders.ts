import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_STAFF_LINES,
  orderDetailSchema,
  type CompanyInfo,
  type OrderDetail,
  type StaffRate,
  type WizardCalculations,
} from '@medcalc/domain';
import type { Database } from '../src/db/client';
import { calculations, orderStatusHistory, orders, templates } from '../src/db/schema';
import {
  buildTestApp,
  registerUser,
  signInAdmin,
  type Agent,
  type CompanyMember,
  type TestContext,
  useSuite,
} from './helper';
import { WORKED_INFO as DOCUMENT_INFO } from './document-fixtures';
import { withSalaries } from './with-salaries';

/*
 * Set-up shared by the tests of the wizard's calls: paid orders of the worked example of docs/methodology.md
 * (template "ultrasound-abdomen", cost 243.34, tariff 279.84), the save/calculate body, and what is stored.
 */

/** The worked example's service (the template's name) and its doctor's qualification. */
export const WORKED_SERVICE = 'УЗД органів черевної порожнини';
export const WORKED_DOCTOR = 'Лікар з ультразвукової діагностики';

/** The institution data of docs/methodology.md "Worked example", named as step 1 sends it. */
export const WORKED_INFO: CompanyInfo = {
  ...WORKED_EXAMPLE_COMPANY_INFO,
  name: 'КНП «Приклад методики»',
};

export interface WorkedTemplate {
  id: number;
  categoryId: number;
  name: string;
}

/** The seeded template of the worked example. */
export async function findWorkedTemplate(db: Database): Promise<WorkedTemplate> {
  const [row] = await db
    .select()
    .from(templates)
    .where(eq(templates.seedKey, 'ultrasound-abdomen'));
  if (!row) throw new Error('the worked example’s template is not seeded');
  return row;
}

/** A company user of {@link openTwoCompanies}: its agent, its company's identifier, its user id and e-mail. */
export interface Member extends CompanyMember {
  userId: number;
  email: string;
}

/** What the HTTP tests of orders share: a fresh app, two companies, the administrator, the worked template. */
export interface TwoCompanies {
  ctx: TestContext;
  admin: Agent;
  template: WorkedTemplate;
  alice: Member;
  bob: Member;
}

type Registration = Parameters<typeof registerUser>[1];

/** Registers a new company user (`overrides` its registration) and returns it as a {@link Member}. */
export async function registerMember(
  app: TestContext['app'],
  overrides?: Registration,
): Promise<Member> {
  const { agent, user, payload } = await registerUser(app, overrides);
  return { agent, company: user.companyIdentifier, userId: user.id, email: payload.email };
}

/**
 * Opens a fresh test app (`env` as `buildTestApp` takes it) with two companies of one registered user each, Alice
 * and Bob (`alice`/`bob` override their registration), the signed-in administrator and the worked example's
 * template. The caller closes `ctx` in its `afterAll`.
 */
export async function openTwoCompanies(
  options: { env?: Record<string, string>; alice?: Registration; bob?: Registration } = {},
): Promise<TwoCompanies> {
  const ctx = await buildTestApp(options.env);
  const alice = await registerMember(ctx.app, options.alice);
  const bob = await registerMember(ctx.app, options.bob);
  const admin = await signInAdmin(ctx.app);
  return { ctx, admin, template: await findWorkedTemplate(ctx.database.db), alice, bob };
}

/**
 * {@link openTwoCompanies} for a whole test file ({@link useSuite}: opened in `beforeAll`, closed in `afterAll`),
 * with the {@link workedOrders} kit over it.
 */
export function useTwoCompanies(options: Parameters<typeof openTwoCompanies>[0] = {}) {
  const suite = useSuite(() => openTwoCompanies(options));
  return Object.assign(suite, { kit: workedOrdersOf(suite) });
}

/**
 * {@link useTwoCompanies} with Alice's company set up as the worked example's institution ({@link setUpWorkedCompany})
 * before the file's own `beforeAll`s run.
 */
export function useWorkedCompanies(options: Parameters<typeof openTwoCompanies>[0] = {}) {
  const suite = useTwoCompanies(options);
  beforeAll(() => setUpWorkedCompany(suite.alice.agent, suite.alice.company));
  return suite;
}

/** The {@link workedOrders} kit over an app of {@link openTwoCompanies}, read at each call. */
export const workedOrdersOf = (suite: Pick<TwoCompanies, 'ctx' | 'admin' | 'template'>) =>
  workedOrders({
    db: () => suite.ctx.database.db,
    admin: () => suite.admin,
    template: () => suite.template,
  });

/**
 * On an open app: the signed-in administrator, the worked example's template and the {@link workedOrders} kit over
 * them, which reads `admin` at each call (a test may sign the administrator in again and set it).
 */
export async function openWorkedKit(ctx: TestContext) {
  const opened = {
    ctx,
    admin: await signInAdmin(ctx.app),
    template: await findWorkedTemplate(ctx.database.db),
  };
  return Object.assign(opened, { kit: workedOrdersOf(opened) });
}

/**
 * A fresh test app with {@link openWorkedKit} over it and one registered company user, its owner (named «Олена
 * Власниця»), with the company's identifier: the start of the tests of one company's rows. The caller closes `ctx`.
 */
export async function openWorkedOwner() {
  const ctx = await buildTestApp();
  const worked = await openWorkedKit(ctx);
  const owner = await registerUser(ctx.app, { name: 'Олена Власниця' });
  return Object.assign(worked, { owner, company: owner.user.companyIdentifier });
}

/** The same with each user's agent, company identifier, id and e-mail under a name of its own. */
export const byName = ({ alice, bob, ...rest }: TwoCompanies) => ({
  ...rest,
  alice: alice.agent,
  aliceCompany: alice.company,
  aliceUserId: alice.userId,
  aliceEmail: alice.email,
  bob: bob.agent,
  bobCompany: bob.company,
});

/** The worked example's services as the wizard holds them, with the methodology's salaries typed in. */
export function workedCalculations(detail: OrderDetail): WizardCalculations {
  const [doctor, nurse] = WORKED_EXAMPLE_STAFF_LINES;
  return withSalaries(detail.calculations, (index) => (index === 0 ? doctor.salary : nurse.salary));
}

/** The body of save/calculate as the spec's client sends it: `calculations` and `companyInfo` as JSON strings. */
export const saveBody = (
  detail: OrderDetail,
  calcs: unknown = workedCalculations(detail),
  info: unknown = WORKED_INFO,
  name = 'Калькуляція УЗД',
) => ({
  identifier: detail.identifier,
  name,
  calculations: JSON.stringify(calcs),
  companyInfo: JSON.stringify(info),
});

/** {@link saveBody} of the order as it stands: its stored calculations and institution data, unedited. */
export const asIsBody = (detail: OrderDetail, name?: string) =>
  saveBody(detail, detail.calculations, detail.companyInfo, name);

/** The order as `agent` reads it (GET /api/orders/{identifier}, expected 200), through the domain's schema. */
export async function orderDetailOf(agent: Agent, identifier: string): Promise<OrderDetail> {
  const response = await agent.get(`/api/orders/${identifier}`);
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailSchema.parse(response.json()) as OrderDetail;
}

/**
 * Calculate of the order as the wizard holds it now: its stored calculations and institution data, unedited, under
 * {@link saveBody}'s name; `extra` is written over the body (a `name`, a rounding). Answers the response, unchecked.
 */
export async function calculateAsIs(
  agent: Agent,
  identifier: string,
  extra: Record<string, unknown> = {},
) {
  const detail = await orderDetailOf(agent, identifier);
  return agent.post('/api/calculations/calculate', {
    ...asIsBody(detail),
    ...extra,
  });
}

/** {@link calculateAsIs}, expected to answer 200. */
export async function expectCalculated(
  agent: Agent,
  identifier: string,
  extra: Record<string, unknown> = {},
) {
  const response = await calculateAsIs(agent, identifier, extra);
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Calculations of one category whose first service is `service` with `calculation`'s fields written over its
 * calculation (any value, a wrong one too), followed by `others` as they are.
 */
export const withCalculation = (
  category: string,
  service: WizardCalculations[string][number],
  calculation: Record<string, unknown>,
  ...others: unknown[]
) => ({
  [category]: [{ ...service, calculation: { ...service.calculation, ...calculation } }, ...others],
});

/** The first (category, services) group of the calculations. */
export const firstGroup = (calcs: WizardCalculations) => {
  const entry = Object.entries(calcs)[0];
  if (!entry) throw new Error('the order has no calculations');
  return entry;
};

/** The first service of the first group and its category; a test whose order has none fails in its setup. */
export const firstService = (calcs: WizardCalculations) => {
  const [category, [service]] = firstGroup(calcs);
  if (!service) throw new Error('setup');
  return [category, service] as const;
};

/**
 * Orders of the worked example's template and what is stored about them, over one test app. The getters are read
 * at each call, so the kit can be made at module level before `beforeAll` opens the app.
 */
export function workedOrders(deps: {
  db: () => Database;
  admin: () => Agent;
  template: () => WorkedTemplate;
}) {
  const fromTemplate = (name: string) => {
    const template = deps.template();
    return {
      categoryId: template.categoryId,
      source: 'template',
      sourceId: template.id,
      templateId: template.id,
      templateName: name,
    };
  };

  /** Places an order of the worked example's template (one service per name) and returns its identifier. */
  async function placeOrder(agent: Agent, company: string, names: string[], name = 'Замовлення') {
    const response = await agent.post(`/api/company/${company}/orders/add`, {
      name,
      calculations: names.map(fromTemplate),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().identifier as string;
  }

  /** Moves the order to `status` as the administrator. */
  async function setStatus(identifier: string, status: string) {
    const response = await deps.admin().patch('/api/administrator/orders/change-status', {
      identifier,
      status,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A paid order of the worked example's service(s), opened as the wizard opens it. */
  async function paidOrder(agent: Agent, company: string, names = [WORKED_SERVICE]) {
    const identifier = await placeOrder(agent, company, names);
    await setStatus(identifier, 'paid');
    const detail = await agent.get(`/api/orders/${identifier}`);
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json() as OrderDetail;
  }

  /**
   * A formed order: {@link paidOrder} of `names`, then calculated as the wizard sends the worked example, with `info`
   * as the institution data and `name` as the order's name ({@link saveBody}'s by default).
   */
  async function formedOrder(
    agent: Agent,
    company: string,
    options: { names?: string[]; name?: string; info?: CompanyInfo } = {},
  ) {
    const detail = await paidOrder(agent, company, options.names);
    const calculated = await agent.post(
      '/api/calculations/calculate',
      saveBody(detail, undefined, options.info, options.name),
    );
    expect(calculated.statusCode, calculated.body).toBe(200);
    return detail;
  }

  /** {@link placeOrder} as a company member of {@link openTwoCompanies}. */
  const placeOrderFor = (member: CompanyMember, names: string[], name?: string) =>
    placeOrder(member.agent, member.company, names, name);

  /** {@link paidOrder} as a company member of {@link openTwoCompanies}. */
  const paidOrderFor = (member: CompanyMember, names?: string[]) =>
    paidOrder(member.agent, member.company, names);

  async function orderRow(identifier: string) {
    const [row] = await deps.db().select().from(orders).where(eq(orders.identifier, identifier));
    if (!row) throw new Error(`order ${identifier} not stored`);
    return row;
  }

  async function calculationRows(identifier: string) {
    const order = await orderRow(identifier);
    return deps
      .db()
      .select()
      .from(calculations)
      .where(eq(calculations.orderId, order.id))
      .orderBy(asc(calculations.position), asc(calculations.id));
  }

  /** The order's status history, oldest first, as [userId, from, to]. */
  async function historyOf(identifier: string) {
    const order = await orderRow(identifier);
    return (
      await deps
        .db()
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id))
        .orderBy(asc(orderStatusHistory.id))
    ).map((row) => [row.userId, row.fromStatus, row.toStatus]);
  }

  /** Everything stored about an order: its row, its calculations and its history. */
  async function snapshotOf(identifier: string) {
    return {
      order: await orderRow(identifier),
      calculations: await calculationRows(identifier),
      history: await historyOf(identifier),
    };
  }

  async function countRows() {
    const db = deps.db();
    const [o] = await db.select({ n: count() }).from(orders);
    const [c] = await db.select({ n: count() }).from(calculations);
    const [h] = await db.select({ n: count() }).from(orderStatusHistory);
    return { orders: o?.n, calculations: c?.n, history: h?.n };
  }

  /** {@link formedOrder} as a company member of {@link openTwoCompanies}. */
  const formedOrderFor = (member: CompanyMember, options?: Parameters<typeof formedOrder>[2]) =>
    formedOrder(member.agent, member.company, options);

  /**
   * The identifier of a calculated order of the member's for the documents' tests: the worked example's service
   * `count` times over, for the institution with requisites that document-fixtures.ts prints.
   */
  const documentOrderFor = async (member: CompanyMember, count: number) =>
    (
      await formedOrderFor(member, {
        names: Array.from({ length: count }, () => WORKED_SERVICE),
        name: 'Замовлення',
        info: DOCUMENT_INFO,
      })
    ).identifier;

  return {
    placeOrder,
    placeOrderFor,
    setStatus,
    paidOrder,
    paidOrderFor,
    formedOrder,
    formedOrderFor,
    documentOrderFor,
    orderRow,
    calculationRows,
    historyOf,
    snapshotOf,
    countRows,
  };
}

/** The company's staffing row the worked template's lines are moved onto: «<qualification>, без категорії, немає». */
export async function workedStaffRow(
  agent: Agent,
  company: string,
  qualification: string,
): Promise<StaffRate> {
  const rows = (await agent.get(`/api/get-stuff/${company}`)).json() as StaffRate[];
  const row = rows.find(
    (candidate) =>
      candidate.qualification === qualification &&
      candidate.category === 'без категорії' &&
      candidate.scientific_degree === 'немає',
  );
  if (!row) throw new Error(`no staffing row «${qualification}»`);
  return row;
}

/**
 * The company set up as the worked example's institution, as /company and /staff store it: {@link WORKED_INFO} and
 * the methodology's salaries of the doctor and the nurse.
 */
export async function setUpWorkedCompany(agent: Agent, company: string) {
  const info = await agent.put(`/api/company-info/${company}`, WORKED_INFO);
  expect(info.statusCode, info.body).toBe(200);
  await setWorkedSalary(agent, company, WORKED_DOCTOR, 20_000);
  await setWorkedSalary(agent, company, 'Сестра медична', 13_500);
}

/** Sets the salary of {@link workedStaffRow} as /staff does. */
export async function setWorkedSalary(
  agent: Agent,
  company: string,
  qualification: string,
  salary: number,
) {
  const row = await workedStaffRow(agent, company, qualification);
  const response = await agent.post('/api/change-salary', { id: row.id, salary });
  expect(response.statusCode, response.body).toBe(200);
}
