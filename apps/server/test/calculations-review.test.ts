import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  computeOrderCosts,
  emptyCompanyInfo,
  type CompanyInfo,
  type OrderDetail,
  type WizardCalculations,
} from '@medcalc/domain';
import { orders, staffRates } from '../src/db/schema';
import { parseStoredCompanyInfo } from '../src/lib/stored-company-info';
import {
  WORKED_INFO,
  firstGroup,
  firstService,
  saveBody,
  workedCalculations,
  useTwoCompanies,
} from './worked-orders';

/*
 * A second look at the wizard's calls (issue 9 "Calls"): tenant isolation, hostile bodies, the two transactions of
 * calculate, status history and the shapes of the answers. Each case here was written against a suspected hole.
 */

const suite = useTwoCompanies();
const db = () => suite.ctx.database.db;
const { paidOrderFor, orderRow, calculationRows, historyOf, snapshotOf, countRows } = suite.kit;

/** The order's status transitions, oldest first, as [from, to]. */
const transitionsOf = async (identifier: string) =>
  (await historyOf(identifier)).map(([, from, to]) => [from, to]);

const CYRILLIC = /[А-Яа-яІіЇїЄєҐґ]/;

/** Every error answer is `{ message }` in Ukrainian; a 422 also has `errors`, each key with Ukrainian messages. */
function expectUkrainianRefusal(
  response: { statusCode: number; json(): unknown; body: string },
  allowed: number[],
  label: string,
) {
  expect(allowed, `${label}: ${response.statusCode} ${response.body.slice(0, 400)}`).toContain(
    response.statusCode,
  );
  const body = response.json() as { message?: unknown; errors?: Record<string, unknown> };
  expect(body.message, label).toMatch(CYRILLIC);
  if (response.statusCode === 422) {
    expect(body.errors, label).toBeTypeOf('object');
    const entries = Object.entries(body.errors ?? {});
    expect(entries.length, `${label}: 422 without a field`).toBeGreaterThan(0);
    for (const [key, messages] of entries) {
      expect(key, label).not.toBe('');
      expect(messages, `${label}: ${key}`).toEqual(
        expect.arrayContaining([expect.stringMatching(CYRILLIC)]),
      );
    }
  }
  return body;
}

type Body = Record<string, unknown>;
type Call = 'calculate-online' | 'save' | 'calculate';

/**
 * Hostile bodies. Each takes the valid body of the call and the first service (as the wizard holds it) and
 * answers the body to send; `calcs` builds a `calculations` value around one edited service.
 */
interface HostileCase {
  label: string;
  body: (
    valid: Body,
    ctx: { category: string; service: WizardCalculations[string][number] },
  ) => unknown;
}

const deepNesting = '['.repeat(20_000) + ']'.repeat(20_000);
const deepObject = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);

/** `calculations` with the first service's content changed by `edit`, as a JSON string. */
const withService = (
  { category, service }: { category: string; service: WizardCalculations[string][number] },
  edit: (s: Record<string, unknown>) => unknown,
) => JSON.stringify({ [category]: [edit(structuredClone(service) as Record<string, unknown>)] });

const staffLine = (s: Record<string, unknown>, patch: Record<string, unknown>) => {
  const calc = s.calculation as { stuff: Array<Record<string, unknown>> };
  calc.stuff[0] = { ...calc.stuff[0], ...patch };
  return s;
};
const pillLine = (s: Record<string, unknown>, patch: Record<string, unknown>) => {
  const calc = s.calculation as { pills: Array<Record<string, unknown>> };
  calc.pills[0] = { ...calc.pills[0], ...patch };
  return s;
};

const HOSTILE: HostileCase[] = [
  { label: 'calculations is a number', body: (v) => ({ ...v, calculations: 42 }) },
  { label: 'calculations is null', body: (v) => ({ ...v, calculations: null }) },
  { label: 'calculations is true', body: (v) => ({ ...v, calculations: true }) },
  { label: 'calculations is the JSON text "null"', body: (v) => ({ ...v, calculations: 'null' }) },
  { label: 'calculations is the JSON text "42"', body: (v) => ({ ...v, calculations: '42' }) },
  { label: 'calculations is an empty string', body: (v) => ({ ...v, calculations: '' }) },
  {
    label: 'calculations: deeply nested arrays',
    body: (v) => ({ ...v, calculations: deepNesting }),
  },
  {
    label: 'calculations: deeply nested objects',
    body: (v) => ({ ...v, calculations: deepObject }),
  },
  {
    label: 'category key __proto__ (JSON text)',
    body: (v, c) => ({ ...v, calculations: `{"__proto__":[${JSON.stringify(c.service)}]}` }),
  },
  {
    label: 'category key toString, service not an array',
    body: (v) => ({ ...v, calculations: JSON.stringify({ toString: 5 }) }),
  },
  {
    label: 'list form with category __proto__',
    body: (v, c) => ({
      ...v,
      calculations: JSON.stringify([{ category: '__proto__', calculations: [c.service] }]),
    }),
  },
  {
    label: 'list form: a group that is not an object',
    body: (v) => ({ ...v, calculations: JSON.stringify([null, 5, 'x']) }),
  },
  {
    label: '10 000 services',
    body: (v, c) => ({
      ...v,
      calculations: JSON.stringify({
        [c.category]: Array.from({ length: 10_000 }, (_, i) => ({
          id: i + 1,
          name: 'x',
          calculation: { bonus: 0, profit: 0, stuff: [], pills: [] },
        })),
      }),
    }),
  },
  {
    label: 'text where numbers go',
    body: (v, c) => ({
      ...v,
      calculations: withService(c, (s) =>
        staffLine(
          { ...s, calculation: { ...(s.calculation as object), bonus: 'десять' } },
          {
            timeSpend: '12',
            salary: 'abc',
            conditionPercent: 'NaN',
            workingDay: '8',
          },
        ),
      ),
    }),
  },
  {
    label: 'NaN-ish and Infinity text in a material line',
    body: (v, c) => ({
      ...v,
      calculations: withService(c, (s) => pillLine(s, { price: 'Infinity', spend: '-0' })),
    }),
  },
  {
    label: 'huge numbers (1e400 is Infinity in JSON.parse)',
    body: (v, c) => ({
      ...v,
      calculations: withService(c, (s) => staffLine(s, { salary: 1e300, timeSpend: 1e20 })).replace(
        '"profit":',
        '"profit":1e400,"x":',
      ),
    }),
  },
  {
    label: 'a service id past PostgreSQL integer',
    body: (v, c) => ({ ...v, calculations: withService(c, (s) => ({ ...s, id: 2 ** 40 })) }),
  },
  {
    label: 'a service id as text / negative / fraction',
    body: (v, c) => ({
      ...v,
      calculations: JSON.stringify({
        [c.category]: [
          { ...c.service, id: 'abc' },
          { ...c.service, id: -1 },
          { ...c.service, id: 1.5 },
        ],
      }),
    }),
  },
  {
    label: 'a qualification id past PostgreSQL integer',
    body: (v, c) => ({
      ...v,
      calculations: withService(c, (s) => staffLine(s, { quality: { id: 2 ** 40, name: 'x' } })),
    }),
  },
  {
    label: 'a material id past PostgreSQL integer',
    body: (v, c) => ({
      ...v,
      calculations: withService(c, (s) => pillLine(s, { id: 2 ** 40 })),
    }),
  },
  {
    label: 'NUL in the service, line and category names',
    body: (v, c) => ({
      ...v,
      calculations: JSON.stringify({
        [`${c.category}\u0000`]: [
          pillLine(
            staffLine(
              { ...structuredClone(c.service), name: 'a\u0000b' },
              {
                quality: { id: null, name: 'лікар\u0000' },
              },
            ),
            { name: 'гель\u0000', measurement_type: 'мл\u0000' },
          ),
        ],
      }),
    }),
  },
  {
    label: 'NUL in the institution name',
    body: (v) => ({ ...v, companyInfo: JSON.stringify({ ...WORKED_INFO, name: 'КНП\u0000' }) }),
  },
  {
    label: 'companyInfo of wrong types',
    body: (v) => ({
      ...v,
      companyInfo: JSON.stringify({
        ...WORKED_INFO,
        medical_staff_salary_fund: 'багато',
        unified_social_security_contribution_rate: [22],
        overhead_method: 'magic',
        form: { value: 1 },
        name: 7,
      }),
    }),
  },
  { label: 'companyInfo is a number', body: (v) => ({ ...v, companyInfo: 5 }) },
  { label: 'companyInfo is a JSON array', body: (v) => ({ ...v, companyInfo: '[]' }) },
  { label: 'companyInfo is JSON null', body: (v) => ({ ...v, companyInfo: 'null' }) },
  { label: 'the body is an array', body: () => [1, 2, 3] },
  { label: 'the body is a JSON string', body: () => 'just text' },
];

/** Cases that only make sense for save/calculate (the order and its name). */
const HOSTILE_SAVE_ONLY: HostileCase[] = [
  {
    label: 'companyInfo missing',
    body: (v) => {
      const { companyInfo: _dropped, ...rest } = v;
      return rest;
    },
  },
  { label: 'identifier is a number', body: (v) => ({ ...v, identifier: 12345 }) },
  { label: 'identifier with a path', body: (v) => ({ ...v, identifier: '../../etc/passwd' }) },
  { label: 'identifier too long', body: (v) => ({ ...v, identifier: 'a'.repeat(1000) }) },
  { label: 'identifier is null', body: (v) => ({ ...v, identifier: null }) },
  {
    label: 'identifier in capitals',
    body: (v) => ({ ...v, identifier: String(v.identifier).toUpperCase() }),
  },
  { label: 'name missing', body: (v) => ({ ...v, name: undefined }) },
  { label: 'name with NUL', body: (v) => ({ ...v, name: 'Назва\u0000' }) },
  { label: 'name too long', body: (v) => ({ ...v, name: 'я'.repeat(10_000) }) },
];

describe('hostile bodies never give 500 and change nothing', () => {
  const calls: Call[] = ['calculate-online', 'save', 'calculate'];
  for (const call of calls) {
    const cases = call === 'calculate-online' ? HOSTILE : [...HOSTILE, ...HOSTILE_SAVE_ONLY];
    it.each(cases.map((c) => [c.label, c] as const))(`${call}: %s`, async (label, hostile) => {
      // A fresh order each time for the writing calls, so one case that slipped through cannot hide the next.
      const detail =
        call === 'calculate-online' ? await paidOrderOnce() : await paidOrderFor(suite.alice);
      const calcs = workedCalculations(detail);
      const [category, service] = firstService(calcs);
      const valid: Body =
        call === 'calculate-online'
          ? { companyInfo: JSON.stringify(WORKED_INFO), calculations: JSON.stringify(calcs) }
          : saveBody(detail);
      const before = await snapshotOf(detail.identifier);
      const rowsBefore = await countRows();
      const response = await suite.alice.agent.post(
        `/api/calculations/${call}`,
        hostile.body(valid, { category, service }),
      );
      expectUkrainianRefusal(response, [400, 413, 415, 422], `${call}: ${label}`);
      expect(await snapshotOf(detail.identifier)).toEqual(before);
      expect(await countRows()).toEqual(rowsBefore);
    });
  }
});

let sharedPaid: OrderDetail | undefined;
/** One paid order shared by the hostile cases (each must leave it exactly as it was). */
async function paidOrderOnce() {
  sharedPaid ??= await paidOrderFor(suite.alice);
  return sharedPaid;
}

describe('category names are data, never object machinery', () => {
  it('__proto__ as a category is refused under its path, in both forms, and the services survive', async () => {
    for (const call of ['save', 'calculate'] as const) {
      const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга']);
      const [, services] = firstGroup(workedCalculations(detail));
      const before = await snapshotOf(detail.identifier);
      // Before the fix zod's record dropped the key: the payload had no services, so save deleted them all.
      const objectForm = await suite.alice.agent.post(`/api/calculations/${call}`, {
        ...saveBody(detail),
        calculations: `{"__proto__":${JSON.stringify(services)}}`,
      });
      expect(objectForm.statusCode, objectForm.body).toBe(422);
      expect(Object.keys(objectForm.json().errors)).toEqual(['calculations.__proto__']);
      // Before the fix the list form's grouping read `grouped.__proto__` and answered 500.
      const listForm = await suite.alice.agent.post(`/api/calculations/${call}`, {
        ...saveBody(detail),
        calculations: JSON.stringify([{ category: '__proto__', calculations: services }]),
      });
      expect(listForm.statusCode, listForm.body).toBe(422);
      expect(Object.keys(listForm.json().errors)).toEqual(['calculations.0.category']);
      expect(await snapshotOf(detail.identifier)).toEqual(before);
    }
  });

  it('constructor, hasOwnProperty and toString are ordinary category names', async () => {
    const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга']);
    const [, [first, second]] = firstGroup(workedCalculations(detail));
    if (!first || !second) throw new Error('setup');
    // The list form groups by name: two 'constructor' groups become one (before the fix: 500).
    const preview = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: WORKED_INFO,
      calculations: [
        { category: 'constructor', calculations: [first] },
        { category: 'hasOwnProperty', calculations: [second] },
        { category: 'constructor', calculations: [second] },
      ],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(
      (preview.json() as Array<{ category: string; calculations: Array<{ id: number }> }>).map(
        (group) => [group.category, group.calculations.map((c) => c.id)],
      ),
    ).toEqual([
      ['constructor', [first.id, second.id]],
      ['hasOwnProperty', [second.id]],
    ]);

    const saved = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, { constructor: [first], toString: [second] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await calculationRows(detail.identifier)).map((row) => row.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it('a __proto__ key in the institution data is an unknown key: ignored, nothing polluted', async () => {
    const response = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: '{"__proto__":{"medical_staff_salary_fund":1,"polluted":true}}',
      calculations: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('results the storage cannot hold', () => {
  it('calculate with the largest amounts the schemas accept answers a keyed 422, stores no result', async () => {
    const detail = await paidOrderFor(suite.alice);
    const calcs = workedCalculations(detail);
    const [category, service] = firstService(calcs);
    // 1 000 000 000 UAH × 1 000 000 units: 10^15 UAH, beyond numeric(14,2) (below 10^12).
    const huge = {
      [category]: [
        {
          ...service,
          calculation: {
            ...service.calculation,
            pills: service.calculation.pills.map((line) => ({
              ...line,
              price: 1_000_000_000,
              spend: 1_000_000,
            })),
          },
        },
      ],
    };
    const preview = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: WORKED_INFO,
      calculations: huge,
    });
    expect(preview.statusCode, preview.body).toBe(200);

    const response = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, huge),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([`calculations.${category}.0`]);
    expect(response.json().message).toMatch(new RegExp(service.name));
    // The draft is kept (as for any refused Calculate); no result, not formed.
    expect((await orderRow(detail.identifier)).status).toBe('saved');
    expect((await calculationRows(detail.identifier)).map((row) => row.summary)).toEqual([null]);
  });
});

describe('tenant isolation', () => {
  it('Bob cannot read, save or calculate Alice’s order, nor smuggle her ids into his own', async () => {
    const aliceDetail = await paidOrderFor(suite.alice, ['Аліса 1', 'Аліса 2']);
    const aliceCalcs = workedCalculations(aliceDetail);
    const [aliceCategory, aliceServices] = firstGroup(aliceCalcs);
    // Alice's own material and her calculated order (its services are reusable by her only).
    const unit = (await suite.alice.agent.get('/api/get-measurements')).json()[0]?.label as string;
    const ownPill = await suite.alice.agent.post(`/api/company/${suite.alice.company}/pills`, {
      name: 'Гель Аліси (огляд)',
      measurementType: unit,
      price: 2,
    });
    expect(ownPill.statusCode, ownPill.body).toBe(200);
    const alicePillId = (ownPill.json() as { data: { id: number } }).data.id;
    const [aliceStaff] = await db()
      .select({ id: staffRates.id })
      .from(staffRates)
      .innerJoin(orders, eq(orders.companyId, staffRates.companyId))
      .where(eq(orders.identifier, aliceDetail.identifier))
      .limit(1);
    if (!aliceStaff) throw new Error('setup');
    const calculated = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(aliceDetail),
    );
    expect(calculated.statusCode, calculated.body).toBe(200);

    const bobDetail = await paidOrderFor(suite.bob);
    const [bobCategory, bobService] = firstService(workedCalculations(bobDetail));
    const aliceBefore = await snapshotOf(aliceDetail.identifier);
    const bobBefore = await snapshotOf(bobDetail.identifier);
    const rowsBefore = await countRows();

    // Alice's order, read or written by Bob (with his own valid payload or hers): 404, as if it did not exist.
    expect((await suite.bob.agent.get(`/api/orders/${aliceDetail.identifier}`)).statusCode).toBe(
      404,
    );
    for (const call of ['save', 'calculate'] as const) {
      for (const body of [
        saveBody(aliceDetail),
        { ...saveBody(bobDetail), identifier: aliceDetail.identifier },
      ]) {
        const response = await suite.bob.agent.post(`/api/calculations/${call}`, body);
        expect(response.statusCode, `${call}: ${response.body}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Замовлення не знайдено.', code: 'NOT_FOUND' });
      }
    }
    // Bob's order with Alice's ids smuggled in: her services, her staffing row, her own material.
    const path = `calculations.${bobCategory}`;
    const smuggled = {
      [bobCategory]: [
        {
          ...bobService,
          calculation: {
            ...bobService.calculation,
            stuff: bobService.calculation.stuff.map((line, index) =>
              index === 0
                ? { ...line, quality: { id: aliceStaff.id, name: 'Посада Аліси' } }
                : line,
            ),
            pills: bobService.calculation.pills.map((line, index) =>
              index === 0 ? { ...line, id: alicePillId } : line,
            ),
          },
        },
        ...aliceServices,
      ],
      [aliceCategory === bobCategory ? 'Інша' : aliceCategory]: aliceServices,
    };
    for (const call of ['save', 'calculate'] as const) {
      const response = await suite.bob.agent.post(
        `/api/calculations/${call}`,
        saveBody(bobDetail, smuggled),
      );
      expect(response.statusCode, response.body).toBe(422);
      const keys = Object.keys(response.json().errors);
      expect(keys).toEqual(
        expect.arrayContaining([
          `${path}.0.calculation.stuff.0.quality.id`,
          `${path}.0.calculation.pills.0.id`,
          `${path}.1.id`,
          `${path}.2.id`,
        ]),
      );
    }
    // Bob reusing Alice's calculated service in a new order: 422, no order placed.
    const copy = await suite.bob.agent.post(`/api/company/${suite.bob.company}/orders/add`, {
      name: 'Крадіжка',
      calculations: [
        {
          categoryId: suite.template.categoryId,
          source: 'calculation',
          sourceId: aliceServices[0]?.id,
          templateName: 'Чужа',
        },
      ],
    });
    expect(copy.statusCode, copy.body).toBe(422);
    // Bob's lists never show Alice's services; her company's list is refused.
    const bobList = await suite.bob.agent.get(
      `/api/company/${suite.bob.company}/calculated-services?perPage=100`,
    );
    expect(
      (bobList.json() as { data: Array<{ orderIdentifier: string }> }).data.map(
        (row) => row.orderIdentifier,
      ),
    ).not.toContain(aliceDetail.identifier);
    expect(
      (await suite.bob.agent.get(`/api/company/${suite.alice.company}/calculated-services`))
        .statusCode,
    ).toBe(403);
    expect(
      (await suite.bob.agent.get(`/api/company/${suite.alice.company}/calculations`)).statusCode,
    ).toBe(403);

    expect(await snapshotOf(aliceDetail.identifier)).toEqual(aliceBefore);
    expect(await snapshotOf(bobDetail.identifier)).toEqual(bobBefore);
    expect(await countRows()).toEqual(rowsBefore);
  });
});

describe('transactions and history', () => {
  /** Every step of the history follows the one before, and the last is the order's status. */
  async function expectHistoryChain(identifier: string) {
    const history = await transitionsOf(identifier);
    history.forEach(([from], index) => {
      expect(from, `history ${JSON.stringify(history)}`).toBe(
        index === 0 ? null : history[index - 1]?.[1],
      );
    });
    expect(history.at(-1)?.[1]).toBe((await orderRow(identifier)).status);
  }

  /** Stored results are either all absent (not formed) or exactly what the engine makes of the stored content. */
  async function expectResultsMatchContent(identifier: string) {
    const order = await orderRow(identifier);
    const rows = await calculationRows(identifier);
    if (order.status !== 'formed') {
      expect(rows.map((row) => row.cost)).toEqual(rows.map(() => null));
      return;
    }
    const expected = computeOrderCosts(
      parseStoredCompanyInfo(order.companyInfo),
      rows.map((row) => row.content),
    );
    expect(rows.map((row) => row.cost)).toEqual(expected);
    expect(rows.map((row) => row.summary)).toEqual(expected.map((cost) => cost.summary));
  }

  it('concurrent saves and calculates never leave results that do not match the stored content', async () => {
    const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга']);
    const calcs = workedCalculations(detail);
    const [category, services] = firstGroup(calcs);
    const variant = (bonus: number, info: CompanyInfo) =>
      saveBody(
        detail,
        { [category]: services.map((s) => ({ ...s, calculation: { ...s.calculation, bonus } })) },
        info,
      );
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all([
        suite.alice.agent.post('/api/calculations/calculate', variant(10 + round, WORKED_INFO)),
        suite.alice.agent.post(
          '/api/calculations/save',
          variant(50 + round, { ...WORKED_INFO, unified_social_security_contribution_rate: 21 }),
        ),
        suite.alice.agent.post('/api/calculations/calculate', variant(70 + round, WORKED_INFO)),
        suite.alice.agent.post('/api/calculations/save', variant(90 + round, WORKED_INFO)),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      await expectResultsMatchContent(detail.identifier);
      await expectHistoryChain(detail.identifier);
    }
  });

  it('every status change has its history row: payed → saved → formed → saved → formed; a repeat calculate of unchanged data adds none (issue 23)', async () => {
    const detail = await paidOrderFor(suite.alice);
    for (const call of ['save', 'save', 'calculate', 'calculate', 'save', 'calculate'] as const) {
      const response = await suite.alice.agent.post(`/api/calculations/${call}`, saveBody(detail));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await transitionsOf(detail.identifier)).toEqual([
      [null, 'created'],
      ['created', 'payed'],
      ['payed', 'saved'],
      ['saved', 'formed'],
      ['formed', 'saved'],
      ['saved', 'formed'],
    ]);
    await expectResultsMatchContent(detail.identifier);
  });
});

describe('calculate: the 422 names what methodology.md requires', () => {
  const cases: Array<[string, Partial<CompanyInfo>, string, RegExp]> = [
    [
      'no medical staff fund',
      { medical_staff_salary_fund: null },
      'medical_staff_salary_fund',
      /медичного персоналу/,
    ],
    [
      'a medical staff fund of 0',
      { medical_staff_salary_fund: 0 },
      'medical_staff_salary_fund',
      /медичного персоналу/,
    ],
    [
      'no ЄСВ rate',
      { unified_social_security_contribution_rate: null },
      'unified_social_security_contribution_rate',
      /ЄСВ/,
    ],
    [
      'no medical rooms area',
      { medical_service_rooms_area: null },
      'medical_service_rooms_area',
      /медичних послуг/,
    ],
    ['no ward area', { patient_bedwards_area: null }, 'patient_bedwards_area', /палат/],
    [
      'no kitchen area',
      { kitchen_and_canteen_area: null },
      'kitchen_and_canteen_area',
      /харчоблоку/,
    ],
    [
      'a fixed overhead without its percent',
      { overhead_method: 'fixed', overhead_percent: null },
      'overhead_percent',
      /накладних/,
    ],
  ];
  it.each(cases)('%s', async (_label, patch, field, named) => {
    const detail = await paidOrderFor(suite.alice);
    const response = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, undefined, { ...WORKED_INFO, ...patch }),
    );
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual([`companyInfo.${field}`]);
    expect(body.message).toMatch(named);
    expect(body.errors[`companyInfo.${field}`]?.[0]).toMatch(named);
    expect((await orderRow(detail.identifier)).status).toBe('saved');
    expect((await calculationRows(detail.identifier)).map((row) => row.cost)).toEqual([null]);
  });

  it('all missing at once: every field under its full path, staff lines under the service', async () => {
    const detail = await paidOrderFor(suite.alice, ['Перша', 'Друга']);
    const calcs = workedCalculations(detail);
    const [category, services] = firstGroup(calcs);
    const noQualification = services.map((s, i) => ({
      ...s,
      calculation: {
        ...s.calculation,
        stuff: s.calculation.stuff.map((line, j) =>
          i === 1 && j === 1 ? { ...line, quality: null } : line,
        ),
      },
    }));
    const response = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, { [category]: noQualification }, emptyCompanyInfo()),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(
      [
        'companyInfo.medical_staff_salary_fund',
        'companyInfo.unified_social_security_contribution_rate',
        'companyInfo.medical_service_rooms_area',
        'companyInfo.patient_bedwards_area',
        'companyInfo.kitchen_and_canteen_area',
        `calculations.${category}.1.calculation.stuff.1.quality`,
      ].sort(),
    );
    expect(
      response.json().errors[`calculations.${category}.1.calculation.stuff.1.quality`],
    ).toEqual([`Послуга «Друга»: Персонал, рядок 2: оберіть кваліфікацію.`]);
  });

  it('three areas of 0 are filled in: calculate answers (no overhead share), never NaN or 500', async () => {
    const detail = await paidOrderFor(suite.alice);
    const response = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, undefined, {
        ...WORKED_INFO,
        medical_service_rooms_area: 0,
        patient_bedwards_area: 0,
        kitchen_and_canteen_area: 0,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await calculationRows(detail.identifier);
    expect(row?.summary).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('many services', () => {
  it('save and calculate write an order’s calculations in one statement each, not one per service', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `Послуга ${i + 1}`);
    const detail = await paidOrderFor(suite.alice, names);
    await db().execute(sql.raw('CREATE TABLE review_update_statements (n integer NOT NULL)'));
    await db().execute(
      sql.raw(`
        CREATE FUNCTION review_count_update() RETURNS trigger AS $$
        BEGIN
          INSERT INTO review_update_statements VALUES (1);
          RETURN NULL;
        END;
        $$ LANGUAGE plpgsql
      `),
    );
    await db().execute(
      sql.raw(`
        CREATE TRIGGER review_count_update AFTER UPDATE ON calculations
          FOR EACH STATEMENT EXECUTE FUNCTION review_count_update()
      `),
    );
    const statements = async () => {
      const [row] = await db()
        .select({ n: count() })
        .from(sql`review_update_statements`);
      return row?.n ?? 0;
    };
    try {
      const saved = await suite.alice.agent.post('/api/calculations/save', saveBody(detail));
      expect(saved.statusCode, saved.body).toBe(200);
      // Before: one UPDATE per service (60 round trips; 200 services took ~4 times longer).
      expect(await statements()).toBe(1);
      const calculated = await suite.alice.agent.post(
        '/api/calculations/calculate',
        saveBody(detail),
      );
      expect(calculated.statusCode, calculated.body).toBe(200);
      expect(await statements()).toBe(3);
      const rows = await calculationRows(detail.identifier);
      expect(rows).toHaveLength(60);
      expect(new Set(rows.map((row) => row.summary))).toEqual(new Set(['243.34']));
      expect(rows.map((row) => row.name)).toEqual(names);
    } finally {
      await db().execute(sql.raw('DROP TRIGGER review_count_update ON calculations'));
      await db().execute(sql.raw('DROP FUNCTION review_count_update()'));
      await db().execute(sql.raw('DROP TABLE review_update_statements'));
    }
  });
});

describe('OpenAPI reference of the wizard calls', () => {
  it('documents both forms of `calculations` and every answer', async () => {
    const response = await suite.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<string, unknown>;
            requestBody?: {
              content: Record<
                string,
                { schema: { properties: Record<string, { anyOf?: unknown[] }> } }
              >;
            };
          }
        >
      >;
    };
    for (const path of ['calculate-online', 'save', 'calculate']) {
      const operation = doc.paths[`/api/calculations/${path}`]?.post;
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '401', '419', '422']),
      );
      const body = operation?.requestBody?.content['application/json']?.schema;
      // Before: `{}` (the transform choosing the form hid the shape from JSON Schema).
      expect(body?.properties.calculations?.anyOf).toEqual([
        expect.objectContaining({ type: 'object', additionalProperties: expect.any(Object) }),
        expect.objectContaining({ type: 'array' }),
      ]);
    }
  });
});
