import { beforeEach, describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_PENDING_MESSAGE,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  emptyCompanyInfo,
  type CalculationContent,
  type CompanyInfo,
  type OrderStatus,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { activityRows, scopeIn, writtenBy } from '../../../test/activity-rows';
import { AppError } from '../../lib/app-error';
import { unused } from '../../../test/caught';
import type { CompanyScope } from '../../lib/company-scope';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompanyStaffRow } from '../staff/staff.service';
import type { TemplateSnapshot } from '../templates/templates.service';
import { mapStaffOntoCompany } from './order-copies';
import { duplicateName } from './order-naming';
import type { NewCalculationRow, OrderCalculationsStore } from './order-calculations-store';
import type { NewStatusHistoryRow, OrderRecord, OrdersRepository } from './orders.repository';
import { ORDER_MESSAGES, createOrdersService } from './orders.service';

const CATEGORIES = new Map([
  [1, 'Діагностика'],
  [2, 'Хірургія'],
]);

/** Repository and store methods that write; each must run on the transaction handle of its operation. */
const WRITE_METHODS = [
  'insertOrder',
  'calculations.insertMany',
  'insertStatusHistory',
  'updateOrder',
  'deleteById',
] as const;

/** One call to a repository or to an injected service, with the executor it was handed (none = the pool). */
interface ExecutorUse {
  method: string;
  tx: Executor | undefined;
}

/**
 * An in-memory stand-in for the orders repository and the calculations store (the calculations repository as
 * app.ts injects it), sharing one state, with the same filters the SQL applies.
 */
function createFakeRepository() {
  const state = {
    orders: [] as OrderRecord[],
    calculations: [] as Array<NewCalculationRow & { id: number }>,
    history: [] as NewStatusHistoryRow[],
    staff: [] as Array<CompanyStaffRow & { companyId: number | null }>,
    locked: [] as string[],
    contacts: [] as Array<{ companyId: number; name: string; email: string }>,
    /** Every call in order, with the executor it got, so a test can tell which writes shared a transaction. */
    calls: [] as ExecutorUse[],
  };
  const use = (method: string, tx: Executor | undefined) => state.calls.push({ method, tx });
  let nextId = 1;
  const repository: OrdersRepository = {
    async numbersOf(companyId, identifiers) {
      return state.orders
        .filter((order) => order.companyId === companyId && identifiers.includes(order.identifier))
        .map(({ identifier, numberYear, number }) => ({ identifier, numberYear, number }));
    },
    async insertOrder(values, tx) {
      use('insertOrder', tx);
      const row: OrderRecord = {
        id: nextId++,
        ...values,
        number: state.orders.filter((order) => order.companyId === values.companyId).length + 1,
        deletedAt: null,
        revision: 1,
        version: 1,
        priceRounding: 'none',
      };
      state.orders.push(row);
      return { ...row };
    },
    async insertStatusHistory(values, tx) {
      use('insertStatusHistory', tx);
      state.history.push({ ...values });
    },
    async findByIdentifier(identifier, tx, options = {}) {
      use('findByIdentifier', tx);
      const row = state.orders.find((order) => order.identifier === identifier);
      if (row && options.forUpdate) state.locked.push(identifier);
      return row ? { ...row } : undefined;
    },
    async listByCompany(companyId, tx) {
      use('listByCompany', tx);
      return state.orders
        .filter((order) => order.companyId === companyId && order.deletedAt === null)
        .reverse()
        .map((order) => ({
          identifier: order.identifier,
          numberYear: order.numberYear,
          number: order.number,
          name: order.name,
          status: order.status,
          createdAt: order.createdAt,
          services: state.calculations.filter((row) => row.orderId === order.id).length,
          revision: order.revision,
        }));
    },
    async listAll(filter = {}) {
      const search = filter.search?.toLowerCase();
      return [...state.orders]
        .reverse()
        .filter(
          (order) =>
            (!search ||
              order.name.toLowerCase().includes(search) ||
              order.identifier.toLowerCase().includes(search)) &&
            (!filter.companyIdentifier || filter.companyIdentifier === `c${order.companyId}`) &&
            (!filter.status || filter.status === order.status) &&
            (!filter.identifier || filter.identifier === order.identifier),
        )
        .map((order) => ({
          id: order.id,
          identifier: order.identifier,
          numberYear: order.numberYear,
          number: order.number,
          name: order.name,
          status: order.status,
          companyName: `Заклад ${order.companyId}`,
          companyIdentifier: `c${order.companyId}`,
          services: state.calculations.filter((row) => row.orderId === order.id).length,
          contactEmail: `user${order.companyId}@clinic.test`,
          contactPhone: '380500000000',
          deletedAt: order.deletedAt,
          revision: order.revision,
          priceRounding: order.priceRounding,
          createdAt: order.createdAt,
          updatedAt: order.updatedAt,
        }));
    },
    async listStatusHistory(orderId, tx) {
      use('listStatusHistory', tx);
      return state.history
        .filter((h) => h.orderId === orderId)
        .map((h) => ({
          revision: h.revision,
          fromStatus: h.fromStatus,
          toStatus: h.toStatus,
          userName: `Користувач ${h.userId}`,
          createdAt: h.at,
        }));
    },
    // A read after the commit (the status e-mails); not recorded in `calls`, which check transactions.
    async listCompanyContacts(companyId) {
      return state.contacts.filter((contact) => contact.companyId === companyId);
    },
    async updateOrder(orderId, values, tx) {
      use('updateOrder', tx);
      const order = state.orders.find((o) => o.id === orderId);
      // Like the SQL's SET, an undefined column is left as it is.
      const set = Object.entries(values).filter(([, value]) => value !== undefined);
      if (order) Object.assign(order, Object.fromEntries(set));
    },
    insertRevision: unused,
    async listRevisionHeads() {
      return [];
    },
    async findRevision() {
      return undefined;
    },
    async companyNameOf(companyId) {
      return `Заклад ${companyId}`;
    },
    async findPaper() {
      return undefined;
    },
    async keepPaper() {
      throw new Error(
        'not used by these tests: their services have no results, so no paper is frozen',
      );
    },
    async deleteById(orderId, tx) {
      use('deleteById', tx);
      state.orders = state.orders.filter((o) => o.id !== orderId);
      state.calculations = state.calculations.filter((c) => c.orderId !== orderId);
      state.history = state.history.filter((h) => h.orderId !== orderId);
    },
  };
  const calculationsStore: OrderCalculationsStore = {
    async insertMany(rows, tx) {
      use('calculations.insertMany', tx);
      for (const row of rows) state.calculations.push({ ...row, id: nextId++ });
    },
    async listOfOrder(orderId, tx) {
      use('calculations.listOfOrder', tx);
      return state.calculations
        .filter((row) => row.orderId === orderId)
        .sort((a, b) => a.position - b.position)
        .map((row) => ({
          id: row.id,
          identifier: row.identifier,
          serviceNumber: row.id,
          categoryId: row.categoryId,
          categoryName: row.categoryId === null ? null : (CATEGORIES.get(row.categoryId) ?? null),
          name: row.name,
          position: row.position,
          content: row.content,
          summary: null,
          summaryWithProfit: null,
          cost: null,
        }));
    },
    async listUsable(filter, tx) {
      use('calculations.listUsable', tx);
      return state.calculations.flatMap((row) => {
        const order = state.orders.find((o) => o.id === row.orderId);
        const categoryName = row.categoryId === null ? undefined : CATEGORIES.get(row.categoryId);
        const matches =
          order !== undefined &&
          order.deletedAt === null &&
          order.companyId === filter.companyId &&
          row.companyId === filter.companyId &&
          filter.statuses.includes(order.status) &&
          (filter.ids === undefined || filter.ids.includes(row.id));
        if (!matches || row.categoryId === null || categoryName === undefined) return [];
        return [
          {
            id: row.id,
            name: row.name,
            orderName: order.name,
            categoryId: row.categoryId,
            categoryName,
            createdAt: row.createdAt,
            content: row.content,
          },
        ];
      });
    },
  };
  return { repository, calculationsStore, state };
}

/** A staff line of an eight-hour day: the position's id and name, salary, minutes and working-conditions %. */
const staffLine = (
  [id, name]: [number, string],
  salary: number,
  timeSpend: number,
  conditionPercent: number,
): CalculationContent['stuff'][number] => ({
  quality: { id, name },
  salary,
  timeSpend,
  conditionPercent,
  workingDay: 8,
});

const TEMPLATE_CONTENT: CalculationContent = {
  bonus: 10,
  profit: 20,
  stuff: [
    staffLine([101, 'Лікар, вища, немає'], 20000, 30, 0),
    staffLine([102, 'Сестра, перша, немає'], 12000, 15, 5),
  ],
  pills: [{ id: 7, name: 'Рукавички', price: 3.5, spend: 2, measurement_type: 'пара' }],
};

const TEMPLATES = new Map<number, TemplateSnapshot>([
  [11, { id: 11, categoryId: 1, name: 'УЗД', content: TEMPLATE_CONTENT }],
]);

/** The session user of company `companyId`, as services take it. */
const userOf = (companyId: number, userId = companyId * 10): CompanyScope =>
  scopeIn(companyId, { userId, name: `Користувач ${userId}`, email: `user${userId}@medcalc.test` });

/** The administrator's user id, recorded in the status history of the changes it makes. */
const ADMIN_ID = 990;
/** The administrator acting (`changeStatus` takes no company: the order names it). */
const ADMIN = { actor: { userId: ADMIN_ID, name: 'Адміністратор', email: 'admin@medcalc.test' } };

const storedInfo = (companyId: number): CompanyInfo => ({
  ...emptyCompanyInfo(),
  name: `Збережена назва ${companyId}`,
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

let fake: ReturnType<typeof createFakeRepository>;
let clock: Date;
let service: ReturnType<typeof createOrdersService>;
/** The dependencies `service` was built with, so a test can build one with the status e-mails too. */
let serviceDeps: Parameters<typeof createOrdersService>[0];
/** The handle each `runInTransaction` call gave its work, in order: one distinct object per transaction. */
let transactions: Executor[];
/** The activity rows the service wrote. */
let log: ReturnType<typeof activityRows>;

beforeEach(() => {
  fake = createFakeRepository();
  log = activityRows();
  clock = new Date('2026-11-22T10:00:00Z');
  transactions = [];
  const runInTransaction: RunInTransaction = (work) => {
    // A fresh object per run stands for that transaction's connection; the fake never queries it.
    const tx = { transaction: transactions.length + 1 } as unknown as Executor;
    transactions.push(tx);
    return work(tx);
  };
  const use = (method: string, tx: Executor | undefined) => fake.state.calls.push({ method, tx });
  serviceDeps = {
    ordersRepository: fake.repository,
    calculationsStore: fake.calculationsStore,
    templatesService: {
      async findTemplates(ids, tx) {
        use('templates.findTemplates', tx);
        return new Map([...TEMPLATES].filter(([id]) => ids.includes(id)));
      },
      async existingCategoryIds(ids, tx) {
        use('templates.existingCategoryIds', tx);
        return new Set(ids.filter((id) => CATEGORIES.has(id)));
      },
    },
    companiesService: {
      getCompanyInfo: async (companyId, tx) => {
        use('companies.getCompanyInfo', tx);
        return storedInfo(companyId);
      },
    },
    staffService: {
      async companyRowsByTemplateIds(companyId, templateIds, tx) {
        use('staff.companyRowsByTemplateIds', tx);
        const rows = fake.state.staff
          .filter((row) => row.companyId === companyId && templateIds.includes(row.templateId))
          .sort((a, b) => a.id - b.id);
        const byTemplateId = new Map<number, CompanyStaffRow>();
        for (const row of rows)
          if (!byTemplateId.has(row.templateId)) byTemplateId.set(row.templateId, row);
        return byTemplateId;
      },
    },
    runInTransaction,
    activityLog: log.activityLog,
    now: () => new Date(clock),
  };
  service = createOrdersService(serviceDeps);
});

/**
 * Runs one service operation and checks it used exactly one transaction, and that every repository and
 * injected-service call it made, every write above all, got that transaction's handle. A write on the pool (no
 * handle) or on another handle would survive a rollback of the rest, which this catches.
 */
async function inOneTransaction<T>(
  operation: () => Promise<T>,
  expectedWrites: ReadonlyArray<(typeof WRITE_METHODS)[number]>,
): Promise<T> {
  const firstCall = fake.state.calls.length;
  const firstTransaction = transactions.length;
  const result = await operation();
  const handles = transactions.slice(firstTransaction);
  expect(handles).toHaveLength(1);
  const calls = fake.state.calls.slice(firstCall);
  const writes = calls.filter((call) => (WRITE_METHODS as readonly string[]).includes(call.method));
  expect(writes.map((call) => call.method).sort()).toEqual([...expectedWrites].sort());
  for (const call of calls) {
    expect(call.tx, `${call.method} ran outside the operation’s transaction`).toBe(handles[0]);
  }
  return result;
}

const order = (calculations: Parameters<typeof service.createOrder>[1]['calculations']) => ({
  name: 'Калькуляція',
  calculations,
});

/** An order of `user` placed with `input` (one service by default) and then set to `status`; its stored row. */
async function placeOrder(
  user: CompanyScope,
  status: OrderStatus = 'created',
  input: Parameters<typeof service.createOrder>[1] = order([
    { categoryId: 1, source: null, sourceId: null, templateName: 'Послуга' },
  ]),
) {
  const { identifier } = await service.createOrder(user, input);
  const row = fake.state.orders.find((o) => o.identifier === identifier);
  if (!row) throw new Error('order not stored');
  row.status = status;
  return row;
}

describe('mapStaffOntoCompany', () => {
  const companyRow: CompanyStaffRow = {
    id: 501,
    templateId: 101,
    qualification: 'Лікар',
    category: 'вища',
    scientificDegree: 'немає',
    salary: '25000.50',
  };

  it('takes the company row’s id, label and salary for a template row the company has', () => {
    const mapped = mapStaffOntoCompany(TEMPLATE_CONTENT, new Map([[101, companyRow]]));
    expect(mapped.stuff[0]).toEqual({
      ...TEMPLATE_CONTENT.stuff[0],
      quality: { id: 501, name: 'Лікар, вища, немає' },
      salary: 25000.5,
    });
  });

  it('keeps the template’s name with no id and no salary when the company lacks the row', () => {
    const mapped = mapStaffOntoCompany(TEMPLATE_CONTENT, new Map([[101, companyRow]]));
    expect(mapped.stuff[1]).toEqual({
      ...TEMPLATE_CONTENT.stuff[1],
      quality: { id: null, name: 'Сестра, перша, немає' },
      salary: null,
    });
  });

  it('copies a template’s equipment lines with their template rows (issue 38), and adds none to a template without', () => {
    const [scanner] = WORKED_EXAMPLE_EQUIPMENT_LINES;
    const withEquipment = { ...TEMPLATE_CONTENT, equipment: [scanner] };
    const mapped = mapStaffOntoCompany(withEquipment, new Map());
    expect(mapped.equipment).toEqual([scanner]);
    expect(mapped.equipment?.[0]).not.toBe(scanner);
    expect('equipment' in mapStaffOntoCompany(TEMPLATE_CONTENT, new Map())).toBe(false);
  });

  it('returns a copy: changing the result leaves the template untouched', () => {
    const mapped = mapStaffOntoCompany(TEMPLATE_CONTENT, new Map());
    const firstPill = mapped.pills[0];
    if (firstPill) firstPill.price = 999;
    expect(TEMPLATE_CONTENT.pills[0]?.price).toBe(3.5);
  });
});

describe('createOrder', () => {
  it('creates the order in created with a history row, the stored info and positioned copies, in one transaction', async () => {
    fake.state.staff.push(
      {
        id: 501,
        companyId: 1,
        templateId: 101,
        qualification: 'Лікар',
        category: 'вища',
        scientificDegree: 'немає',
        salary: '31000.00',
      },
      {
        id: 601,
        companyId: 2,
        templateId: 102,
        qualification: 'Сестра',
        category: 'перша',
        scientificDegree: 'немає',
        salary: '1.00',
      },
    );
    const user = userOf(1);
    const answer = await inOneTransaction(
      () =>
        service.createOrder(user, {
          name: 'Моє замовлення',
          companyInfo: { ...emptyCompanyInfo(), name: 'Підмінена клієнтом назва' },
          calculations: [
            { categoryId: 2, source: null, sourceId: null, templateName: 'Порожня' },
            {
              categoryId: 1,
              source: 'template',
              sourceId: 11,
              templateName: 'УЗД черевної порожнини',
            },
          ],
        }),
      ['insertOrder', 'insertStatusHistory', 'calculations.insertMany'],
    );
    expect(answer.message).toBe(ORDER_MESSAGES.created);
    // The stored institution data, the templates, the categories and the staffing rows are read in it too.
    expect(fake.state.calls.map((call) => call.method)).toEqual(
      expect.arrayContaining([
        'companies.getCompanyInfo',
        'templates.existingCategoryIds',
        'templates.findTemplates',
        'staff.companyRowsByTemplateIds',
      ]),
    );
    const [stored] = fake.state.orders;
    expect(stored).toMatchObject({
      identifier: answer.identifier,
      companyId: 1,
      userId: user.actor.userId,
      name: 'Моє замовлення',
      status: 'created',
      companyInfo: storedInfo(1),
    });
    expect(fake.state.history).toEqual([
      {
        orderId: stored?.id,
        userId: user.actor.userId,
        fromStatus: null,
        toStatus: 'created',
        revision: 1,
        at: clock,
      },
    ]);
    const copies = fake.state.calculations;
    expect(copies.map((c) => [c.position, c.name, c.categoryId, c.source, c.sourceId])).toEqual([
      [0, 'Порожня', 2, null, null],
      [1, 'УЗД черевної порожнини', 1, 'template', 11],
    ]);
    expect(copies[0]?.content).toEqual({ bonus: 0, profit: 0, stuff: [], pills: [] });
    // The company's own row (and salary) for 101; 102 exists only in another company, so it stays unmapped.
    expect(copies[1]?.content.stuff.map((line) => [line.quality, line.salary])).toEqual([
      [{ id: 501, name: 'Лікар, вища, немає' }, 31000],
      [{ id: null, name: 'Сестра, перша, немає' }, null],
    ]);
    expect(log.rows).toEqual([
      {
        companyId: 1,
        actorId: user.actor.userId,
        actorName: user.actor.name,
        actorEmail: user.actor.email,
        kind: 'order-created',
        subject: answer.identifier,
        orderName: 'Моє замовлення',
        changes: [{ field: 'Назва', from: null, to: 'Моє замовлення' }],
      },
    ]);
  });

  it('places the demo set-up’s order (no actor) for its user with no activity row', async () => {
    const { identifier } = await service.createOrder(
      { companyId: 1, actor: null, userId: 77 },
      { name: 'Демо', calculations: [] },
    );
    expect(fake.state.orders).toMatchObject([{ identifier, userId: 77 }]);
    expect(fake.state.history).toMatchObject([{ userId: 77, toStatus: 'created' }]);
    await service.changeStatus({ actor: null, userId: 77 }, { identifier, status: 'payed' });
    expect(fake.state.history.at(-1)).toMatchObject({ userId: 77, toStatus: 'payed' });
    expect(log.rows).toEqual([]);
  });

  it('accepts templateId when sourceId is absent', async () => {
    await service.createOrder(
      userOf(1),
      order([
        { categoryId: 1, source: 'template', sourceId: null, templateId: 11, templateName: 'УЗД' },
      ]),
    );
    expect(fake.state.calculations[0]).toMatchObject({ source: 'template', sourceId: 11 });
  });

  it('reports every bad entry under its field path and writes nothing', async () => {
    const error = await rejection(
      service.createOrder(
        userOf(1),
        order([
          { categoryId: 77, source: null, sourceId: null, templateName: 'A' },
          { categoryId: 1, source: 'template', sourceId: 999, templateName: 'B' },
          { categoryId: 1, source: 'template', sourceId: null, templateName: 'C' },
          { categoryId: 1, source: 'calculation', sourceId: 12345, templateName: 'D' },
          { categoryId: 1, source: 'template', sourceId: null, templateId: 998, templateName: 'E' },
        ]),
      ),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.fieldErrors).toEqual({
      'calculations.0.categoryId': [ORDER_MESSAGES.categoryNotFound],
      'calculations.1.sourceId': [ORDER_MESSAGES.templateNotFound],
      'calculations.2.sourceId': [ORDER_MESSAGES.templateRequired],
      'calculations.3.sourceId': [ORDER_MESSAGES.calculationNotFound],
      'calculations.4.templateId': [ORDER_MESSAGES.templateNotFound],
    });
    expect(fake.state.orders).toHaveLength(0);
    expect(fake.state.history).toHaveLength(0);
  });

  it('copies an own calculation only from an order at formed or later, and only the company’s own', async () => {
    const mine = await placeOrder(userOf(1), 'saved');
    const mineCalculation = fake.state.calculations.find((c) => c.orderId === mine.id);
    const theirs = await placeOrder(userOf(2), 'formed');
    const theirCalculation = fake.state.calculations.find((c) => c.orderId === theirs.id);
    if (!mineCalculation || !theirCalculation) throw new Error('setup');
    mineCalculation.content = { ...mineCalculation.content, bonus: 33 };

    for (const sourceId of [mineCalculation.id, theirCalculation.id]) {
      const error = await rejection(
        service.createOrder(
          userOf(1),
          order([{ categoryId: 1, source: 'calculation', sourceId, templateName: 'К' }]),
        ),
      );
      expect(error.fieldErrors).toEqual({
        'calculations.0.sourceId': [ORDER_MESSAGES.calculationNotFound],
      });
    }

    mine.status = 'formed';
    const { identifier } = await service.createOrder(
      userOf(1),
      order([
        {
          categoryId: 2,
          source: 'calculation',
          sourceId: mineCalculation.id,
          templateName: 'Копія',
        },
      ]),
    );
    const newOrder = fake.state.orders.find((o) => o.identifier === identifier);
    const copy = fake.state.calculations.find((c) => c.orderId === newOrder?.id);
    expect(copy).toMatchObject({
      categoryId: 2,
      name: 'Копія',
      source: 'calculation',
      sourceId: mineCalculation.id,
    });
    expect(copy?.content.bonus).toBe(33);
    expect(copy?.content).not.toBe(mineCalculation.content);
  });
});

describe('getOrder and the payment gate', () => {
  it('answers 404 for another company’s order and for an unknown one', async () => {
    const theirs = await placeOrder(userOf(2), 'payed');
    expect((await rejection(service.getOrder(1, theirs.identifier))).code).toBe('NOT_FOUND');
    expect((await rejection(service.getOrder(1, 'nope'))).code).toBe('NOT_FOUND');
  });

  it('answers 403 with the payment message while the order is created', async () => {
    const mine = await placeOrder(userOf(1));
    const error = await rejection(service.getOrder(1, mine.identifier));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe(PAYMENT_PENDING_MESSAGE);
  });

  it('groups calculations by category name in position order once paid', async () => {
    const { identifier } = await placeOrder(
      userOf(1),
      'payed',
      order([
        { categoryId: 2, source: null, sourceId: null, templateName: 'Перша' },
        { categoryId: 1, source: 'template', sourceId: 11, templateName: 'Друга' },
        { categoryId: 2, source: null, sourceId: null, templateName: 'Третя' },
      ]),
    );
    const detail = await service.getOrder(1, identifier);
    expect(detail).toMatchObject({
      identifier,
      name: 'Калькуляція',
      status: 'payed',
      companyInfo: storedInfo(1),
    });
    expect(Object.keys(detail.calculations)).toEqual(['Хірургія', 'Діагностика']);
    expect(detail.calculations['Хірургія']?.map((c) => c.name)).toEqual(['Перша', 'Третя']);
    expect(detail.calculations['Діагностика']?.[0]?.calculation.pills).toEqual(
      TEMPLATE_CONTENT.pills,
    );
  });
});

describe('status changes', () => {
  it('sends for approval only from formed, writing the history row and updated_at', async () => {
    const user = userOf(1);
    for (const status of ['created', 'payed', 'saved', 'sent', 'confirmed'] as const) {
      const row = await placeOrder(user, status);
      const error = await rejection(service.sendForApproval(user, row.identifier));
      expect(error.code).toBe('INVALID_STATE');
      expect(row.status).toBe(status);
    }
    const formed = await placeOrder(user, 'formed');
    const historyBefore = fake.state.history.length;
    clock = new Date('2026-11-23T08:30:00Z');
    expect(
      await inOneTransaction(
        () => service.sendForApproval(user, formed.identifier),
        ['updateOrder', 'insertStatusHistory'],
      ),
    ).toEqual({ message: ORDER_MESSAGES.sentForApproval });
    expect(formed.status).toBe('sent');
    expect(formed.updatedAt).toEqual(clock);
    expect(fake.state.locked).toContain(formed.identifier);
    expect(fake.state.history.slice(historyBefore)).toEqual([
      {
        orderId: formed.id,
        userId: user.actor.userId,
        fromStatus: 'formed',
        toStatus: 'sent',
        revision: 1,
        at: clock,
      },
    ]);
    // The refused attempts wrote nothing; the change is the member's row in the company's log.
    expect(log.rows.filter((row) => row.kind === 'order-status')).toEqual([
      {
        companyId: 1,
        ...writtenBy(user.actor),
        kind: 'order-status',
        subject: formed.identifier,
        orderName: formed.name,
        changes: [
          {
            field: 'Статус',
            from: ORDER_STATUS_LABELS.formed,
            to: ORDER_STATUS_LABELS.sent,
          },
        ],
      },
    ]);
  });

  it('does not send another company’s order (404, unchanged)', async () => {
    const theirs = await placeOrder(userOf(2), 'formed');
    expect((await rejection(service.sendForApproval(userOf(1), theirs.identifier))).code).toBe(
      'NOT_FOUND',
    );
    expect(theirs.status).toBe('formed');
  });

  it('lets the administrator set any status, recording who and from what', async () => {
    const row = await placeOrder(userOf(1));
    const answer = await inOneTransaction(
      () => service.changeStatus(ADMIN, { identifier: row.identifier, status: 'payed' }),
      ['updateOrder', 'insertStatusHistory'],
    );
    expect(answer.message).toMatch(/Оплачено/);
    expect(row.status).toBe('payed');
    expect(fake.state.history.at(-1)).toEqual({
      orderId: row.id,
      userId: ADMIN_ID,
      fromStatus: 'created',
      toStatus: 'payed',
      revision: 1,
      at: clock,
    });
    await service.changeStatus(ADMIN, { identifier: row.identifier, status: 'created' });
    expect(row.status).toBe('created');
    // Each change is the administrator's row in the order's company's log.
    expect(log.rows.filter((entry) => entry.kind === 'order-status')).toEqual(
      [
        ['created', 'payed'],
        ['payed', 'created'],
      ].map(([from, to]) =>
        expect.objectContaining({
          companyId: 1,
          ...writtenBy(ADMIN.actor),
          changes: [
            {
              field: 'Статус',
              from: ORDER_STATUS_LABELS[from as 'payed'],
              to: ORDER_STATUS_LABELS[to as 'payed'],
            },
          ],
        }),
      ),
    );
  });

  it('writes no history when the status does not change, and 404 for an unknown order', async () => {
    const row = await placeOrder(userOf(1));
    const before = fake.state.history.length;
    const answer = await service.changeStatus(ADMIN, {
      identifier: row.identifier,
      status: 'created',
    });
    expect(answer.message).toBe(ORDER_MESSAGES.statusUnchanged('created'));
    expect(fake.state.history).toHaveLength(before);
    const error = await rejection(
      service.changeStatus(ADMIN, { identifier: 'nope', status: 'payed' }),
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('calculationsOfOrder', () => {
  it('names who last moved each revision to formed, and when; null when nobody did', async () => {
    const row = await placeOrder(userOf(1), 'saved');
    expect((await service.calculationsOfOrder(row))(1)).toBeNull();
    const push = (userId: number, toStatus: OrderStatus, revision: number, at: string) =>
      fake.state.history.push({
        orderId: row.id,
        userId,
        fromStatus: 'saved',
        toStatus,
        revision,
        at: new Date(at),
      });
    push(11, 'formed', 1, '2026-11-23T08:00:00Z');
    push(12, 'formed', 1, '2026-11-24T08:00:00Z');
    push(13, 'sent', 1, '2026-11-25T08:00:00Z');
    push(14, 'formed', 2, '2026-11-26T08:00:00Z');
    // One read of the history answers every revision (issue 33: it was read once per question).
    const calls = fake.state.calls.length;
    const calculationOf = await service.calculationsOfOrder(row);
    expect(fake.state.calls.slice(calls).map((call) => call.method)).toEqual(['listStatusHistory']);
    expect(calculationOf(1)).toEqual({
      userName: 'Користувач 12',
      at: new Date('2026-11-24T08:00:00Z'),
    });
    expect(calculationOf(2)).toEqual({
      userName: 'Користувач 14',
      at: new Date('2026-11-26T08:00:00Z'),
    });
    expect(calculationOf(3)).toBeNull();
  });
});

describe('duplicateName', () => {
  it('adds the suffix once, numbers the next free copy and unstacks older stacked suffixes', () => {
    expect(duplicateName('X', new Set())).toBe('X (копія)');
    expect(duplicateName('X (копія)', new Set(['X (копія)']))).toBe('X (копія 2)');
    expect(duplicateName('X (копія 2)', new Set(['X (копія)', 'X (копія 2)']))).toBe('X (копія 3)');
    expect(duplicateName('X (копія) (копія)', new Set(['X (копія)']))).toBe('X (копія 2)');
    // Only a trailing suffix is a copy mark; one inside the name is part of it.
    expect(duplicateName('X (копія) план', new Set())).toBe('X (копія) план (копія)');
  });
});

describe('duplicateOrder and deleteOrder', () => {
  it('duplicates into a new created order with copies of every calculation and its own history row', async () => {
    const user = userOf(1);
    const source = await placeOrder(user, 'confirmed', {
      name: 'Березень',
      calculations: [
        { categoryId: 1, source: 'template', sourceId: 11, templateName: 'УЗД' },
        { categoryId: 2, source: null, sourceId: null, templateName: 'Порожня' },
      ],
    });
    const { identifier } = source;
    const answer = await inOneTransaction(
      () => service.duplicateOrder(user, identifier),
      ['insertOrder', 'insertStatusHistory', 'calculations.insertMany'],
    );
    expect(answer.identifier).not.toBe(identifier);
    const copy = fake.state.orders.find((o) => o.identifier === answer.identifier);
    expect(copy).toMatchObject({ name: 'Березень (копія)', status: 'created', companyId: 1 });
    expect(fake.state.history.filter((h) => h.orderId === copy?.id)).toEqual([
      {
        orderId: copy?.id,
        userId: user.actor.userId,
        fromStatus: null,
        toStatus: 'created',
        revision: 1,
        at: clock,
      },
    ]);
    const originals = fake.state.calculations.filter((c) => c.orderId === source.id);
    const copies = fake.state.calculations.filter((c) => c.orderId === copy?.id);
    expect(copies.map((c) => [c.name, c.categoryId, c.position, c.content])).toEqual(
      originals.map((c) => [c.name, c.categoryId, c.position, c.content]),
    );
    expect(copies.map((c) => c.sourceId)).toEqual(originals.map((c) => c.id));
    expect(source.status).toBe('confirmed');
  });

  it('keeps a duplicated name within 255 characters', async () => {
    const row = await placeOrder(userOf(1));
    row.name = 'Я'.repeat(255);
    const answer = await service.duplicateOrder(userOf(1), row.identifier);
    const copy = fake.state.orders.find((o) => o.identifier === answer.identifier);
    expect(copy?.name).toHaveLength(255);
    expect(copy?.name.endsWith(' (копія)')).toBe(true);
    if (!copy) throw new Error('setup');
    const second = await service.duplicateOrder(userOf(1), copy.identifier);
    const secondCopy = fake.state.orders.find((o) => o.identifier === second.identifier);
    expect(secondCopy?.name).toHaveLength(255);
    expect(secondCopy?.name).toBe(`${'Я'.repeat(245)} (копія 2)`);
  });

  it('numbers copies of copies instead of stacking the suffix, within the company’s names', async () => {
    const original = await placeOrder(userOf(1));
    original.name = 'Березень';
    // Another company's names do not count.
    const theirs = await placeOrder(userOf(2));
    theirs.name = 'Березень (копія 2)';
    const nameOf = async (identifier: string) => {
      const answer = await service.duplicateOrder(userOf(1), identifier);
      const row = fake.state.orders.find((o) => o.identifier === answer.identifier);
      if (!row) throw new Error('copy not stored');
      return row;
    };
    const first = await nameOf(original.identifier);
    expect(first.name).toBe('Березень (копія)');
    const copyOfCopy = await nameOf(first.identifier);
    expect(copyOfCopy.name).toBe('Березень (копія 2)');
    expect((await nameOf(copyOfCopy.identifier)).name).toBe('Березень (копія 3)');
    expect((await nameOf(original.identifier)).name).toBe('Березень (копія 4)');
  });

  it('does not duplicate or delete another company’s order', async () => {
    const theirs = await placeOrder(userOf(2));
    expect((await rejection(service.duplicateOrder(userOf(1), theirs.identifier))).code).toBe(
      'NOT_FOUND',
    );
    expect((await rejection(service.deleteOrder(1, theirs.identifier, 'owner'))).code).toBe(
      'NOT_FOUND',
    );
    expect(fake.state.orders).toHaveLength(1);
    await service.deleteOrder(2, theirs.identifier, 'owner');
    expect(fake.state.orders).toHaveLength(0);
  });

  it('hard-deletes an unpaid order but only marks a paid one deleted, which then is 404 for the company', async () => {
    const unpaid = await placeOrder(userOf(1));
    const paid = await placeOrder(userOf(1), 'formed');
    await inOneTransaction(
      () => service.deleteOrder(1, unpaid.identifier, 'owner'),
      ['deleteById'],
    );
    expect(fake.state.orders.map((o) => o.identifier)).toEqual([paid.identifier]);

    await inOneTransaction(() => service.deleteOrder(1, paid.identifier, 'owner'), ['updateOrder']);
    expect(fake.state.orders.find((o) => o.identifier === paid.identifier)?.deletedAt).toEqual(
      clock,
    );
    expect(fake.state.calculations.some((c) => c.orderId === paid.id)).toBe(true);
    expect(await service.listOrders(1)).toEqual([]);
    for (const call of [
      service.getOrderServices(1, paid.identifier),
      service.readOwnOrder(1, paid.identifier),
      service.deleteOrder(1, paid.identifier, 'owner'),
      service.duplicateOrder(userOf(1), paid.identifier),
    ]) {
      expect((await rejection(call)).code).toBe('NOT_FOUND');
    }
    // The administrator keeps it, marked deleted, and can no longer change its status.
    const [row] = await service.listAllOrders();
    expect(row).toMatchObject({ identifier: paid.identifier, deletedAt: clock.toISOString() });
    expect(
      (
        await rejection(
          service.changeStatus(
            { actor: { ...ADMIN.actor, userId: 9 } },
            { identifier: paid.identifier, status: 'confirmed' },
          ),
        )
      ).code,
    ).toBe('INVALID_STATE');
  });

  it('lists an unpaid order’s services read-only by category', async () => {
    const { identifier } = await service.createOrder(userOf(1), {
      name: 'Квітень',
      calculations: [
        { categoryId: 2, source: null, sourceId: null, templateName: 'Операція' },
        { categoryId: 1, source: null, sourceId: null, templateName: 'УЗД' },
      ],
    });
    const answer = await service.getOrderServices(1, identifier);
    expect(answer).toMatchObject({ identifier, name: 'Квітень', status: 'created' });
    expect(
      Object.entries(answer.calculations).map(([key, rows]) => [key, rows.map((r) => r.name)]),
    ).toEqual([
      ['Хірургія', ['Операція']],
      ['Діагностика', ['УЗД']],
    ]);
    expect((await rejection(service.getOrderServices(2, identifier))).code).toBe('NOT_FOUND');
  });
});

describe('lists', () => {
  it('lists own calculations of formed-or-later orders by category id, names sorted', async () => {
    const user = userOf(1);
    const statuses: OrderStatus[] = ['created', 'payed', 'saved', 'formed', 'sent', 'confirmed'];
    for (const status of statuses) {
      await placeOrder(user, status, {
        name: status,
        calculations: [
          { categoryId: 2, source: null, sourceId: null, templateName: `Я ${status}` },
          { categoryId: 1, source: null, sourceId: null, templateName: `А ${status}` },
        ],
      });
    }
    await placeOrder(userOf(2), 'confirmed');
    const entries = await service.listCompanyCalculations(user.companyId);
    expect(
      entries.map((e) => [e.categoryId, e.categoryName, e.calculations.map((c) => c.name)]),
    ).toEqual([
      [1, 'Діагностика', ['А confirmed', 'А formed', 'А sent']],
      [2, 'Хірургія', ['Я confirmed', 'Я formed', 'Я sent']],
    ]);
    // Each entry names its order, so equal calculation names in several orders can be told apart.
    expect(entries[0]?.calculations.map((c) => [c.name, c.orderName])).toEqual([
      ['А confirmed', 'confirmed'],
      ['А formed', 'formed'],
      ['А sent', 'sent'],
    ]);
  });

  it('lists only the company’s orders, and all of them with ISO dates for the administrator', async () => {
    const mine = await placeOrder(userOf(1));
    const theirs = await placeOrder(userOf(2), 'payed');
    expect(await service.listOrders(1)).toEqual([
      {
        identifier: mine.identifier,
        number: expect.stringMatching(/^З-\d{4}-0001$/),
        name: 'Калькуляція',
        status: 'created',
        createdAt: clock.toISOString(),
        services: 1,
        amount: '240.00',
        revision: 1,
      },
    ]);
    expect(await service.listAllOrders()).toEqual([
      {
        identifier: theirs.identifier,
        number: expect.stringMatching(/^З-\d{4}-0001$/),
        name: 'Калькуляція',
        status: 'payed',
        company: 'Заклад 2',
        companyIdentifier: 'c2',
        services: 1,
        amount: '240.00',
        contactEmail: 'user2@clinic.test',
        contactPhone: '380500000000',
        deletedAt: null,
        createdAt: clock.toISOString(),
        updatedAt: clock.toISOString(),
      },
      {
        identifier: mine.identifier,
        number: expect.stringMatching(/^З-\d{4}-0001$/),
        name: 'Калькуляція',
        status: 'created',
        company: 'Заклад 1',
        companyIdentifier: 'c1',
        services: 1,
        amount: '240.00',
        contactEmail: 'user1@clinic.test',
        contactPhone: '380500000000',
        deletedAt: null,
        createdAt: clock.toISOString(),
        updatedAt: clock.toISOString(),
      },
    ]);
    expect((await service.listAllOrders({ status: 'payed' })).map((o) => o.identifier)).toEqual([
      theirs.identifier,
    ]);
  });

  it('gives the administrator any company’s order with its services and history, else 404', async () => {
    const theirs = await placeOrder(userOf(2));
    await service.changeStatus(ADMIN, { identifier: theirs.identifier, status: 'payed' });
    const detail = await service.getOrderForAdmin(theirs.identifier);
    expect(detail.calculations.map((c) => [c.name, c.categoryName, c.summary])).toEqual([
      ['Послуга', 'Діагностика', null],
    ]);
    expect(detail.calculations[0]?.code).toMatch(/^\d{5}$/);
    expect(detail.history.map((h) => [h.fromStatus, h.toStatus, h.userName])).toEqual([
      [null, 'created', 'Користувач 20'],
      ['created', 'payed', `Користувач ${ADMIN_ID}`],
    ]);
    expect((await rejection(service.getOrderForAdmin('nope'))).code).toBe('NOT_FOUND');
    expect(await service.readOrderForAdmin(theirs.identifier)).toEqual({
      order: expect.objectContaining({ identifier: theirs.identifier, companyId: 2 }),
      companyName: 'Заклад 2',
    });
    expect((await rejection(service.readOrderForAdmin('nope'))).code).toBe('NOT_FOUND');
  });
});

describe('status e-mails', () => {
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  const failures: Array<{ identifier: string; to: string }> = [];
  let failingTo: string | undefined;

  const mailingService = () =>
    createOrdersService({
      ...serviceDeps,
      statusMail: {
        mailer: {
          async send(message) {
            if (message.to === failingTo) throw new Error('SMTP down');
            sent.push(message);
          },
        },
        appUrl: 'https://medcalc.example/',
        onError: (_error, details) => failures.push(details),
      },
    });

  beforeEach(() => {
    sent.length = 0;
    failures.length = 0;
    failingTo = undefined;
    fake.state.contacts.push(
      { companyId: 1, name: 'Олена', email: 'olena@clinic.test' },
      { companyId: 1, name: 'Ігор', email: 'ihor@clinic.test' },
      { companyId: 2, name: 'Інша', email: 'other@clinic.test' },
    );
  });

  it('tells every user of the company when the order is paid, linking to the wizard', async () => {
    const row = await placeOrder(userOf(1));
    await mailingService().changeStatus(ADMIN, { identifier: row.identifier, status: 'payed' });
    expect(sent.map((m) => m.to)).toEqual(['olena@clinic.test', 'ihor@clinic.test']);
    expect(sent[0]?.subject).toBe('Оплату замовлення «Калькуляція» підтверджено — MedCalc');
    expect(sent[0]?.text).toContain(`https://medcalc.example/orders/create/${row.identifier}`);
    expect(sent[0]?.text).toContain('Вітаємо, Олена!');
  });

  it('tells them when the calculation is approved, linking to the orders page', async () => {
    const row = await placeOrder(userOf(2), 'sent');
    await mailingService().changeStatus(ADMIN, {
      identifier: row.identifier,
      status: 'confirmed',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'other@clinic.test',
      subject: 'Калькуляцію «Калькуляція» погоджено — MedCalc',
    });
    expect(sent[0]?.text).toMatch(/: https:\/\/medcalc\.example\/orders$/m);
  });

  it('sends nothing for other statuses or an unchanged status', async () => {
    const row = await placeOrder(userOf(1), 'payed');
    const mailing = mailingService();
    await mailing.changeStatus(ADMIN, { identifier: row.identifier, status: 'payed' });
    await mailing.changeStatus(ADMIN, { identifier: row.identifier, status: 'saved' });
    await mailing.changeStatus(ADMIN, { identifier: row.identifier, status: 'formed' });
    // The demo account's set-up pays its order without a letter.
    await mailing.changeStatus(
      ADMIN,
      { identifier: row.identifier, status: 'confirmed' },
      { notify: false },
    );
    expect(row.status).toBe('confirmed');
    expect(sent).toEqual([]);
  });

  it('keeps the status change when a letter fails, reports it and still mails the others', async () => {
    const row = await placeOrder(userOf(1));
    failingTo = 'olena@clinic.test';
    const answer = await mailingService().changeStatus(ADMIN, {
      identifier: row.identifier,
      status: 'payed',
    });
    expect(answer.message).toBe(ORDER_MESSAGES.statusChanged('payed'));
    expect(row.status).toBe('payed');
    expect(fake.state.history.at(-1)).toMatchObject({ fromStatus: 'created', toStatus: 'payed' });
    expect(failures).toEqual([{ identifier: row.identifier, to: 'olena@clinic.test' }]);
    expect(sent.map((m) => m.to)).toEqual(['ihor@clinic.test']);
  });
});
