import { beforeEach, describe, expect, it } from 'vitest';
import {
  PAYMENT_PENDING_MESSAGE,
  READ_ONLY_WHILE_APPROVAL_MESSAGE,
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_CONTENT,
  WORKED_EXAMPLE_MATERIAL_LINES,
  WORKED_EXAMPLE_STAFF_LINES,
  emptyCompanyInfo,
  formatMoney,
  type CalculationContent,
  type CompanyInfo,
  type OrderStatus,
  type SaveCalculationsInput,
  type ServiceCost,
  DEFAULT_APPROVAL_SETTINGS,
} from '@medcalc/domain';
import { PERSON, activityRows, scopeIn } from '../../../test/activity-rows';
import { caught } from '../../../test/caught';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { userIdOf } from '../../lib/company-scope';
import type { RunInTransaction } from '../../lib/transaction';
import type { OrderRecord } from '../orders/orders.service';
import type {
  CalculationResult,
  CalculationsRepository,
  StoredCalculation,
} from './calculations.repository';
import {
  CALCULATION_MESSAGES,
  createCalculationsService,
  finalCalculationErrors,
} from './calculations.service';

const COMPANY = 7;
const OTHER_COMPANY = 8;
const USER = 70;
const AT = new Date('2026-11-22T10:00:00Z');

/** docs/methodology.md "Worked example": the institution, the service (staff rows 11, 12; materials 21–25). */
const WORKED_INFO = WORKED_EXAMPLE_COMPANY_INFO;
const WORKED_CONTENT = WORKED_EXAMPLE_CONTENT;
const [DOCTOR, NURSE] = WORKED_EXAMPLE_STAFF_LINES;
const [GEL] = WORKED_EXAMPLE_MATERIAL_LINES;

interface StoredRow extends StoredCalculation {
  orderId: number;
  result: CalculationResult | null;
  updatedAt: Date;
}

interface State {
  orders: OrderRecord[];
  rows: StoredRow[];
  history: Array<{ orderId: number; userId: number; from: OrderStatus; to: OrderStatus }>;
}

/**
 * Fakes of the calculations repository and of the orders, staff and pills services over one in-memory state, with
 * a transaction runner that rolls the state back when its work throws (as the database does). Every write records
 * the executor it was handed, so a test can tell which writes shared a transaction.
 */
function createWorld() {
  let state: State = { orders: [], rows: [], history: [] };
  const writes: Array<{ method: string; tx: Executor | undefined }> = [];
  const failures: { updateDraftOn?: number; storeResultOn?: number } = {};
  const calls = { updateDrafts: 0, storeResults: 0 };
  const failOn = { updateDrafts: 'updateDraftOn', storeResults: 'storeResultOn' } as const;
  const transactions: Executor[] = [];

  /**
   * One `UPDATE … FROM (VALUES …)` of the repository: the order's rows matched by id, each written by `apply`;
   * answers how many were written. One statement in the database; a failure on the n-th row (counted over all the
   * method's calls) stands for any failure part-way.
   */
  const writeMatched = <T extends { id: number }>(
    method: keyof typeof calls,
    tx: Executor | undefined,
    orderId: number,
    items: readonly T[],
    apply: (row: StoredRow, values: Omit<T, 'id'>) => void,
  ): number => {
    writes.push({ method, tx });
    let written = 0;
    for (const { id, ...values } of items) {
      calls[method] += 1;
      if (failures[failOn[method]] === calls[method]) throw new Error('disk full');
      const row = state.rows.find((r) => r.orderId === orderId && r.id === id);
      if (!row) continue;
      apply(row, values);
      written += 1;
    }
    return written;
  };

  const runInTransaction: RunInTransaction = async (work) => {
    const tx = { transaction: transactions.length + 1 } as unknown as Executor;
    transactions.push(tx);
    const before = structuredClone(state);
    try {
      return await work(tx);
    } catch (error) {
      state = before;
      throw error;
    }
  };

  const repository: CalculationsRepository = {
    // The admin's reads are covered over the real database (test/admin.test.ts, test/admin-templates.test.ts).
    listOfCompany: async () => [],
    findByIdentifier: async () => undefined,
    // The staff and pills modules' port (`RowUsageStore`): test/row-usage.test.ts.
    ordersUsing: async () => ({ total: 0, orders: [] }),
    // The orders module's calls (its `OrderCalculationsStore` port): orders.service.test.ts and test/orders.test.ts.
    insertMany: async () => {
      throw new Error('not used by the calculations service');
    },
    listUsable: async () => [],
    // Issue 23: the company's services 7 and 8 are its first two; nothing is answered for another company's ids.
    serviceNumbersOf: async (companyId, ids) => {
      const numbers = new Map<number, number>(
        companyId === COMPANY
          ? [
              [7, 1],
              [8, 2],
            ]
          : [],
      );
      return new Map([...numbers].filter(([id]) => ids.includes(id)));
    },
    async listOfOrder(orderId) {
      return state.rows
        .filter((row) => row.orderId === orderId)
        .sort((a, b) => a.position - b.position)
        .map(({ id, categoryId, categoryName, name, position, content, result }) => ({
          id,
          identifier: `svc${id}`,
          serviceNumber: id,
          categoryId,
          categoryName,
          name,
          position,
          content: structuredClone(content),
          summary: result?.summary ?? null,
          summaryWithProfit: result?.summaryWithProfit ?? null,
          cost: result ? structuredClone(result.cost) : null,
        }));
    },
    async updateDrafts(orderId, drafts, updatedAt, tx) {
      return writeMatched('updateDrafts', tx, orderId, drafts, (row, values) => {
        Object.assign(row, { ...structuredClone(values), updatedAt, result: null });
      });
    },
    async removeOthers(orderId, keepIds, tx) {
      writes.push({ method: 'removeOthers', tx });
      const before = state.rows.length;
      state.rows = state.rows.filter((r) => r.orderId !== orderId || keepIds.includes(r.id));
      return before - state.rows.length;
    },
    async storeResults(orderId, results, updatedAt, tx) {
      return writeMatched('storeResults', tx, orderId, results, (row, result) => {
        Object.assign(row, { result: structuredClone(result), updatedAt });
      });
    },
    async pageOfCompany(filter) {
      const rows = state.rows.flatMap((row) => {
        const order = state.orders.find((o) => o.id === row.orderId);
        if (!order || order.companyId !== filter.companyId) return [];
        if (!filter.statuses.includes(order.status)) return [];
        return [
          {
            id: row.id,
            identifier: `calc${row.id}`,
            serviceNumber: row.id,
            name: row.name,
            categoryId: row.categoryId,
            categoryName: row.categoryName,
            orderIdentifier: order.identifier,
            orderName: order.name,
            orderStatus: order.status,
            summary: row.result?.summary ?? null,
            summaryWithProfit: row.result?.summaryWithProfit ?? null,
            price: row.result?.cost.price ?? null,
            createdAt: AT,
            updatedAt: row.updatedAt,
          },
        ];
      });
      return { rows: rows.slice(filter.offset, filter.offset + filter.limit), total: rows.length };
    },
  };

  const log = activityRows();
  const service = createCalculationsService({
    calculationsRepository: repository,
    // No cap set: the cap's own tests are HTTP tests (approvals.test.ts).
    approvalSettings: { getSettings: async () => DEFAULT_APPROVAL_SETTINGS },
    ordersService: {
      async getOrder() {
        throw new Error('a Calculate with its content sent reads no stored draft');
      },
      async lockOwnOrder(companyId, identifier) {
        const order = state.orders.find((o) => o.identifier === identifier);
        if (!order || order.companyId !== companyId)
          throw new AppError('NOT_FOUND', 'Замовлення не знайдено.');
        return structuredClone(order);
      },
      async updateDraft(order, values, tx) {
        writes.push({ method: 'orders.updateDraft', tx });
        const stored = state.orders.find((o) => o.id === order.id);
        if (stored) Object.assign(stored, structuredClone(values), { version: order.version + 1 });
        return order.version + 1;
      },
      async changeStatusInTransaction(order, to, by, tx) {
        writes.push({ method: 'orders.changeStatus', tx });
        if (order.status === to) return;
        const stored = state.orders.find((o) => o.id === order.id);
        if (stored) stored.status = to;
        state.history.push({ orderId: order.id, userId: userIdOf(by), from: order.status, to });
      },
    },
    staffService: {
      async existingIds(companyId, ids) {
        return new Set(ids.filter((id) => companyId === COMPANY && (id === 11 || id === 12)));
      },
    },
    pillsService: {
      async visibleIds(companyId, ids) {
        // 21–25 are template materials; 31 is the company's own; 41 another company's.
        return new Set(
          ids.filter((id) => (id >= 21 && id <= 25) || (id === 31 && companyId === COMPANY)),
        );
      },
    },
    equipmentService: {
      async visibleIds(companyId, ids) {
        // 31 and 32 are the company's register rows (the worked example's scanner and centrifuge); 35 a template row.
        return new Set(
          ids.filter((id) => id === 35 || (companyId === COMPANY && (id === 31 || id === 32))),
        );
      },
    },
    runInTransaction,
    activityLog: log.activityLog,
    now: () => AT,
  });

  /** An order of `COMPANY` with one service per name, all with the worked example's content. */
  function addOrder(status: OrderStatus, names: string[], companyId = COMPANY): OrderRecord {
    const id = state.orders.length + 1;
    const order: OrderRecord = {
      id,
      identifier: `order${id}`,
      numberYear: 2026,
      number: id,
      companyId,
      name: `Замовлення ${id}`,
      status,
      companyInfo: emptyCompanyInfo(),
      deletedAt: null,
      revision: 1,
      version: 1,
      priceRounding: 'none',
      createdAt: AT,
      updatedAt: AT,
    };
    state.orders.push(order);
    names.forEach((name, position) =>
      state.rows.push({
        id: id * 100 + position,
        orderId: id,
        categoryId: 1,
        categoryName: 'УЗД',
        name,
        position,
        content: structuredClone(WORKED_CONTENT),
        result: null,
        updatedAt: AT,
      }),
    );
    return order;
  }

  return {
    service,
    get state() {
      return state;
    },
    writes,
    failures,
    transactions,
    addOrder,
    /** The activity rows the service wrote. */
    activity: log.rows,
  };
}

/** The body of save/calculate for `order` with its services as stored, optionally changed by `edit`. */
function bodyFor(
  world: ReturnType<typeof createWorld>,
  order: OrderRecord,
  edit: (content: CalculationContent, index: number) => CalculationContent = (c) => c,
  info: CompanyInfo = WORKED_INFO,
): SaveCalculationsInput {
  const rows = world.state.rows.filter((row) => row.orderId === order.id);
  return {
    identifier: order.identifier,
    name: 'Нова назва',
    companyInfo: info,
    calculations: {
      УЗД: rows.map((row, index) => ({
        id: row.id,
        name: row.name,
        calculation: edit(structuredClone(row.content), index),
      })),
    },
  };
}

const SCOPE = scopeIn(COMPANY, { ...PERSON, userId: USER });

let world: ReturnType<typeof createWorld>;
beforeEach(() => {
  world = createWorld();
});

describe('calculateOnline', () => {
  it('reproduces the worked example and keeps the order of categories and services', async () => {
    const result = await world.service.calculateOnline(COMPANY, {
      companyInfo: WORKED_INFO,
      calculations: {
        Діагностика: [
          { id: 7, name: 'УЗД', calculation: WORKED_CONTENT },
          { id: 123456, name: 'Без прибутку', calculation: { ...WORKED_CONTENT, profit: 0 } },
        ],
        Порожня: [],
        Інша: [
          { id: 8, name: 'Без рядків', calculation: { ...WORKED_CONTENT, stuff: [], pills: [] } },
        ],
      },
    });
    expect(
      result.map((group) => [
        group.category,
        group.calculations.map((s) => [s.companyId, s.id, s.summary, s.summaryWithProfit]),
      ]),
    ).toEqual([
      [
        'Діагностика',
        [
          // The code is the service's number in the company (issue 23), none for an id it does not have.
          ['00001', 7, '243.34', '279.84'],
          ['', 123456, '243.34', '243.34'],
        ],
      ],
      ['Порожня', []],
      ['Інша', [['00002', 8, '0.00', '0.00']]],
    ]);
    expect(result[0]?.calculations[0]?.costing).toMatchObject({
      labour: '131.72',
      additionalLabour: '10.54',
      esv: '31.30',
      materials: '25.40',
      overhead: '44.38',
      profit: '36.50',
    } satisfies Partial<ServiceCost>);
  });
});

describe('save', () => {
  it('stores the draft in one transaction and moves payed → saved with a history row', async () => {
    const order = world.addOrder('payed', ['Перша', 'Друга']);
    const body = bodyFor(world, order, (content, index) => ({ ...content, bonus: 30 + index }));
    const answer = await world.service.save(SCOPE, body);
    expect(answer).toEqual({ message: CALCULATION_MESSAGES.saved, status: 'saved', version: 2 });
    expect(world.state.orders[0]).toMatchObject({
      name: 'Нова назва',
      status: 'saved',
      companyInfo: WORKED_INFO,
    });
    expect(world.state.rows.map((row) => row.content.bonus)).toEqual([30, 31]);
    expect(world.state.history).toEqual([
      { orderId: order.id, userId: USER, from: 'payed', to: 'saved' },
    ]);
    // Every write ran on the one transaction's handle.
    expect(world.transactions).toHaveLength(1);
    expect(new Set(world.writes.map((w) => w.tx))).toEqual(new Set([world.transactions[0]]));
  });

  it.each<[OrderStatus, OrderStatus, number]>([
    ['payed', 'saved', 1],
    ['saved', 'saved', 0],
    ['formed', 'saved', 1],
  ])('%s → %s (%i history rows)', async (from, to, historyRows) => {
    const order = world.addOrder(from, ['Послуга']);
    expect((await world.service.save(SCOPE, bodyFor(world, order))).status).toBe(to);
    expect(world.state.orders[0]?.status).toBe(to);
    expect(world.state.history).toHaveLength(historyRows);
  });

  it('removes the services the payload no longer has and clears stored results', async () => {
    const order = world.addOrder('formed', ['Перша', 'Друга', 'Третя']);
    for (const row of world.state.rows) {
      row.result = { summary: '1.00', summaryWithProfit: '1.00', cost: {} as ServiceCost };
    }
    const body = bodyFor(world, order);
    body.calculations.УЗД = body.calculations.УЗД?.filter((_, index) => index !== 1) ?? [];
    await world.service.save(SCOPE, body);
    expect(world.state.rows.map((row) => [row.name, row.result])).toEqual([
      ['Перша', null],
      ['Третя', null],
    ]);
  });

  it.each<[OrderStatus, string, string]>([
    ['created', 'FORBIDDEN', PAYMENT_PENDING_MESSAGE],
    ['sent', 'CONFLICT', READ_ONLY_WHILE_APPROVAL_MESSAGE],
    ['confirmed', 'CONFLICT', READ_ONLY_WHILE_APPROVAL_MESSAGE],
  ])('refuses at %s (%s) and writes nothing', async (status, code, message) => {
    const order = world.addOrder(status, ['Послуга']);
    const before = structuredClone(world.state);
    for (const call of ['save', 'calculate'] as const) {
      const error = await caught(world.service[call](SCOPE, bodyFor(world, order)));
      expect([error.code, error.message]).toEqual([code, message]);
    }
    expect(world.writes).toEqual([]);
    expect(world.state).toEqual(before);
  });

  it('answers 404 for another company’s order', async () => {
    const order = world.addOrder('payed', ['Послуга'], OTHER_COMPANY);
    const error = await caught(world.service.save(SCOPE, bodyFor(world, order)));
    expect(error.code).toBe('NOT_FOUND');
    expect(world.writes).toEqual([]);
  });

  it('refuses ids outside the order, repeated ids, unknown staff rows and materials, under their paths', async () => {
    const order = world.addOrder('payed', ['Перша']);
    const other = world.addOrder('payed', ['Чужа']);
    const body = bodyFor(world, order, (content) => ({
      ...content,
      stuff: [DOCTOR, { ...NURSE, quality: { id: 99, name: 'Інша посада' } }],
      pills: [
        { ...GEL, id: 31 },
        { ...GEL, id: 41 },
        { ...GEL, id: null },
      ],
    }));
    const [first] = body.calculations.УЗД ?? [];
    if (!first) throw new Error('setup');
    body.calculations.УЗД = [first, first, { ...first, id: other.id * 100 }];
    const before = structuredClone(world.state);
    const error = await caught(world.service.save(SCOPE, body));
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fieldErrors ?? {})).toEqual([
      'calculations.УЗД.0.calculation.stuff.1.quality.id',
      'calculations.УЗД.0.calculation.pills.1.id',
      'calculations.УЗД.1.id',
      'calculations.УЗД.1.calculation.stuff.1.quality.id',
      'calculations.УЗД.1.calculation.pills.1.id',
      'calculations.УЗД.2.id',
      'calculations.УЗД.2.calculation.stuff.1.quality.id',
      'calculations.УЗД.2.calculation.pills.1.id',
    ]);
    expect(error.message).toBe(CALCULATION_MESSAGES.unknownStaff);
    expect(error.fieldErrors?.['calculations.УЗД.1.id']).toEqual([CALCULATION_MESSAGES.repeated]);
    expect(error.fieldErrors?.['calculations.УЗД.2.id']).toEqual([CALCULATION_MESSAGES.notInOrder]);
    expect(world.writes).toEqual([]);
    expect(world.state).toEqual(before);
  });

  it('rolls everything back when the second service cannot be written', async () => {
    const order = world.addOrder('payed', ['Перша', 'Друга', 'Третя']);
    world.failures.updateDraftOn = 2;
    const before = structuredClone(world.state);
    await expect(
      world.service.save(
        SCOPE,
        bodyFor(world, order, (c) => ({ ...c, bonus: 99 })),
      ),
    ).rejects.toThrow('disk full');
    // The order's name and snapshot and the first service were written before the failure: all undone.
    expect(world.writes.map((w) => w.method)).toEqual(['orders.updateDraft', 'updateDrafts']);
    expect(new Set(world.writes.map((w) => w.tx)).size).toBe(1);
    expect(world.state).toEqual(before);
  });
});

describe('calculate', () => {
  it('saves the draft, computes every service once and moves the order to formed', async () => {
    const order = world.addOrder('payed', ['Перша', 'Друга']);
    const answer = await world.service.calculate(SCOPE, bodyFor(world, order));
    expect(answer).toEqual({
      message: CALCULATION_MESSAGES.calculated,
      status: 'formed',
      version: 2,
    });
    expect(
      world.state.rows.map((row) => [row.result?.summary, row.result?.summaryWithProfit]),
    ).toEqual([
      ['243.34', '279.84'],
      ['243.34', '279.84'],
    ]);
    expect(world.state.rows[0]?.result?.cost.overhead).toBe('44.38');
    expect(world.state.history.map((h) => [h.from, h.to])).toEqual([
      ['payed', 'saved'],
      ['saved', 'formed'],
    ]);
    // The draft's transaction, then the results' transaction.
    expect(world.transactions).toHaveLength(2);
    const resultWrites = world.writes.filter((w) => w.method === 'storeResults');
    expect(new Set(resultWrites.map((w) => w.tx))).toEqual(new Set([world.transactions[1]]));
    // The save's row, then the calculation's: each service's price, none before, in the member's name.
    expect(world.activity.map((row) => [row.kind, row.subject, row.actorId])).toEqual([
      ['order-saved', order.identifier, USER],
      ['order-calculated', order.identifier, USER],
    ]);
    expect(world.activity[1]?.changes).toEqual(
      ['Перша', 'Друга'].map((name) => ({
        field: `Послуга «${name}» · Вартість з рентабельністю, грн`,
        from: null,
        to: formatMoney('279.84'),
      })),
    );
  });

  it('keeps the saved draft but stores no result when the second result cannot be written', async () => {
    const order = world.addOrder('payed', ['Перша', 'Друга']);
    world.failures.storeResultOn = 2;
    await expect(
      world.service.calculate(
        SCOPE,
        bodyFor(world, order, (c) => ({ ...c, profit: 0 })),
      ),
    ).rejects.toThrow('disk full');
    expect(world.state.orders[0]?.status).toBe('saved');
    expect(world.state.rows.map((row) => [row.content.profit, row.result])).toEqual([
      [0, null],
      [0, null],
    ]);
    expect(world.state.history.map((h) => h.to)).toEqual(['saved']);
  });

  it('refuses with what is missing, the draft saved, nothing computed', async () => {
    const order = world.addOrder('payed', ['Перша']);
    const error = await caught(
      world.service.calculate(
        SCOPE,
        bodyFor(world, order, (c) => ({ ...c, bonus: 5 }), {
          ...WORKED_INFO,
          medical_service_rooms_area: null,
        }),
      ),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.fieldErrors).toEqual({
      'companyInfo.medical_service_rooms_area': [
        'Дані закладу: Вкажіть площу приміщень для надання медичних послуг.',
      ],
    });
    expect(error.message).toBe(
      'Дані закладу: Вкажіть площу приміщень для надання медичних послуг.',
    );
    expect(world.state.orders[0]?.status).toBe('saved');
    expect(world.state.rows[0]?.content.bonus).toBe(5);
    expect(world.state.rows[0]?.result).toBeNull();
    expect(world.writes.map((w) => w.method)).not.toContain('storeResults');
  });
});

describe('finalCalculationErrors', () => {
  const service = (name: string, content: CalculationContent, category = 'УЗД', index = 0) => ({
    category,
    index,
    name,
    content,
  });

  it('is empty for the worked example', () => {
    expect(finalCalculationErrors(WORKED_INFO, [service('УЗД', WORKED_CONTENT)])).toEqual({});
  });

  it('needs at least one service', () => {
    expect(finalCalculationErrors(WORKED_INFO, [])).toEqual({
      calculations: [CALCULATION_MESSAGES.noServices],
    });
  });

  it('names institution fields once and each service’s lines under their full paths', () => {
    const missingStaff: CalculationContent = {
      ...WORKED_CONTENT,
      stuff: [
        { ...DOCTOR, quality: null },
        { ...NURSE, quality: { id: null, name: 'Сестра медична' } },
      ],
    };
    const errors = finalCalculationErrors(
      { ...WORKED_INFO, unified_social_security_contribution_rate: null },
      [service('Перша', missingStaff, 'УЗД', 0), service('Друга', missingStaff, 'Аналізи', 3)],
    );
    expect(errors).toEqual({
      'companyInfo.unified_social_security_contribution_rate': [
        'Дані закладу: Вкажіть ставку ЄСВ, %.',
      ],
      'calculations.УЗД.0.calculation.stuff.0.quality': [
        'Послуга «Перша»: Персонал, рядок 1: оберіть кваліфікацію.',
      ],
      'calculations.УЗД.0.calculation.stuff.1.quality': [
        'Послуга «Перша»: ' + CALCULATION_MESSAGES.qualificationNotInTable(2, 'Сестра медична'),
      ],
      'calculations.Аналізи.3.calculation.stuff.0.quality': [
        'Послуга «Друга»: Персонал, рядок 1: оберіть кваліфікацію.',
      ],
      'calculations.Аналізи.3.calculation.stuff.1.quality': [
        'Послуга «Друга»: ' + CALCULATION_MESSAGES.qualificationNotInTable(2, 'Сестра медична'),
      ],
    });
  });
});

describe('pageCalculatedServices', () => {
  it('pages the company’s services of calculated orders with their codes and ISO dates', async () => {
    world.addOrder('formed', ['Перша', 'Друга']);
    world.addOrder('saved', ['Чернетка']);
    world.addOrder('confirmed', ['Чужа'], OTHER_COMPANY);
    const page = await world.service.pageCalculatedServices(COMPANY, {
      page: 2,
      perPage: 1,
      search: '',
    });
    expect(page).toEqual({
      data: [
        {
          id: 101,
          identifier: 'calc101',
          code: '00101',
          name: 'Друга',
          categoryName: 'УЗД',
          orderIdentifier: 'order1',
          orderName: 'Замовлення 1',
          orderStatus: 'formed',
          summary: null,
          summaryWithProfit: null,
          tariff: null,
          created_at: AT.toISOString(),
          updated_at: AT.toISOString(),
        },
      ],
      meta: { currentPage: 2, lastPage: 2 },
    });
  });
});
