import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  EQUIPMENT_MESSAGES,
  WORKED_EXAMPLE_COST,
  WORKED_EXAMPLE_EQUIPMENT_COST,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  equipmentSchema,
  formatMoney,
  rowUsageSchema,
  type Equipment,
  type EquipmentLine,
  type ProfitabilityResult,
} from '@medcalc/domain';
import { activityLog, equipment } from '../src/db/schema';
import {
  createAgent,
  expectEachAnswered,
  expectFieldErrors,
  joinAsMember,
  toastedData,
} from './helper';
import {
  WORKED_INFO,
  firstService,
  saveBody,
  useTwoCompanies,
  withCalculation,
  workedCalculations,
  type Member,
} from './worked-orders';

/*
 * The equipment register and equipment lines in the wizard (issue 38, docs/methodology.md "Equipment
 * depreciation"): the register's calls scoped to the company with the staffing table's roles, each change in the
 * activity log, the domain's Ukrainian 422s, the orders using a row; Save → Calculate storing the worked example's
 * 285.46 / 328.28; calculate-online with equipment; the spec's payload without `equipment` keeping 243.34 / 279.84.
 */

const suite = useTwoCompanies();
const db = () => suite.ctx.database.db;
const { calculationRows, snapshotOf } = suite.kit;

const [SCANNER, CENTRIFUGE] = WORKED_EXAMPLE_EQUIPMENT_LINES;

/** The register's body for a worked example's line (its V, S, N, T and name). */
const bodyOf = (line: EquipmentLine, inventoryNumber = '') => ({
  name: line.name,
  inventoryNumber,
  firstCost: line.firstCost,
  residualValue: line.residualValue,
  usefulLifeYears: line.usefulLifeYears,
  hoursPerYear: line.hoursPerYear,
});

const url = (company: string, suffix = '') => `/api/company/${company}/equipment${suffix}`;

async function createRow(who: Member, body: Record<string, unknown>): Promise<Equipment> {
  const response = await who.agent.post(url(who.company), body);
  return equipmentSchema.parse(toastedData(response, 'Обладнання додано до реєстру.'));
}

async function listOf(who: Pick<Member, 'agent' | 'company'>): Promise<Equipment[]> {
  const response = await who.agent.get(url(who.company));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as unknown[]).map((row) => equipmentSchema.parse(row));
}

const storedRow = async (id: number) =>
  (await db().select().from(equipment).where(eq(equipment.id, id)))[0];

/** The company's activity rows about equipment, oldest first, as [subject, changes]. */
async function equipmentActivity(subject: string) {
  const rows = await db()
    .select()
    .from(activityLog)
    .where(eq(activityLog.kind, 'equipment'))
    .orderBy(asc(activityLog.id));
  return rows.filter((row) => row.subject === subject).map((row) => row.changes);
}

/** The worked example's equipment lines pointing at the company's register rows. */
async function workedLines(who: Member): Promise<EquipmentLine[]> {
  const scanner = await createRow(who, bodyOf(SCANNER, 'УЗ-001'));
  const centrifuge = await createRow(who, bodyOf(CENTRIFUGE));
  return [
    { ...SCANNER, id: scanner.id },
    { ...CENTRIFUGE, id: centrifuge.id },
  ];
}

describe('without a session', () => {
  it('answers 401 to every call of the register', async () => {
    const row = await createRow(suite.alice, bodyOf(SCANNER));
    const anonymous = createAgent(suite.ctx.app);
    await expectEachAnswered(
      anonymous,
      [
        ['GET', url(suite.alice.company)],
        ['POST', url(suite.alice.company), bodyOf(SCANNER)],
        ['PUT', url(suite.alice.company, `/${row.id}`), bodyOf(CENTRIFUGE)],
        ['DELETE', url(suite.alice.company, `/${row.id}`)],
        ['GET', url(suite.alice.company, `/${row.id}/orders`)],
      ],
      401,
    );
    expect((await storedRow(row.id))?.name).toBe(SCANNER.name);
  });
});

describe('the register', () => {
  it('adds a row, lists it by name, and records it in the activity log', async () => {
    const body = { ...bodyOf(SCANNER, '  УЗ-2024-01 '), name: '  УЗ-сканер Аліси ' };
    const created = await createRow(suite.alice, body);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'УЗ-сканер Аліси',
      inventoryNumber: 'УЗ-2024-01',
      firstCost: 1_200_000,
      residualValue: 0,
      usefulLifeYears: 5,
      hoursPerYear: 1940.4,
      companyIdentifier: suite.alice.company,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await storedRow(created.id)).toMatchObject({
      firstCost: '1200000.00',
      residualValue: '0.00',
      usefulLifeYears: 5,
      hoursPerYear: '1940.40',
      inventoryNumber: 'УЗ-2024-01',
    });
    // The form's text forms are read as numbers too; a blank residual value is 0.
    const typed = await createRow(suite.alice, {
      name: 'Аналізатор',
      firstCost: '350 000,50',
      residualValue: '',
      usefulLifeYears: '7',
      hoursPerYear: '2000,25',
    });
    expect(typed).toMatchObject({ firstCost: 350_000.5, residualValue: 0, hoursPerYear: 2000.25 });

    const list = await listOf(suite.alice);
    const names = list.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'uk')));
    expect(names).toContain('УЗ-сканер Аліси');
    expect(await listOf(suite.bob)).not.toContainEqual(expect.objectContaining({ id: created.id }));

    expect(await equipmentActivity('УЗ-сканер Аліси')).toEqual([
      [
        { field: 'Назва', from: null, to: 'УЗ-сканер Аліси' },
        { field: 'Інвентарний номер', from: null, to: 'УЗ-2024-01' },
        { field: 'Первісна вартість', from: null, to: formatMoney(1_200_000) },
        { field: 'Ліквідаційна вартість', from: null, to: formatMoney(0) },
        { field: 'Строк корисного використання, років', from: null, to: '5' },
        { field: 'Годин використання на рік', from: null, to: formatMoney(1940.4) },
      ],
    ]);
  });

  it('refuses a bad row with the domain’s Ukrainian messages and stores nothing', async () => {
    const before = await listOf(suite.alice);
    const zeroCost = await suite.alice.agent.post(url(suite.alice.company), {
      ...bodyOf(SCANNER),
      firstCost: 0,
    });
    expectFieldErrors(zeroCost, ['firstCost']);
    expect(zeroCost.json().errors.firstCost).toEqual([EQUIPMENT_MESSAGES.firstCostPositive]);

    const worn = await suite.alice.agent.post(url(suite.alice.company), {
      ...bodyOf(SCANNER),
      residualValue: 1_200_000,
    });
    expectFieldErrors(worn, ['residualValue']);
    expect(worn.json().errors.residualValue).toEqual([EQUIPMENT_MESSAGES.residual]);

    const limits = await suite.alice.agent.post(url(suite.alice.company), {
      ...bodyOf(SCANNER),
      name: '   ',
      usefulLifeYears: 51,
      hoursPerYear: 8784.01,
    });
    expectFieldErrors(limits, ['name', 'usefulLifeYears', 'hoursPerYear']);
    expect(limits.json().errors.usefulLifeYears).toEqual([EQUIPMENT_MESSAGES.lifeYears]);
    expect(limits.json().errors.hoursPerYear).toEqual([EQUIPMENT_MESSAGES.hoursPerYear]);

    const decimals = await suite.alice.agent.post(url(suite.alice.company), {
      ...bodyOf(SCANNER),
      usefulLifeYears: 2.5,
      hoursPerYear: 1940.401,
    });
    expectFieldErrors(decimals, ['usefulLifeYears', 'hoursPerYear']);
    expect(decimals.json().errors.hoursPerYear).toEqual([EQUIPMENT_MESSAGES.hoursDecimals]);
    expect(await listOf(suite.alice)).toEqual(before);
  });

  it('changes a row with an activity row of what changed; another company’s row is 404/403', async () => {
    const row = await createRow(suite.alice, { ...bodyOf(SCANNER), name: 'Рентген-апарат' });
    const changed = await suite.alice.agent.put(url(suite.alice.company, `/${row.id}`), {
      ...bodyOf(SCANNER),
      name: 'Рентген-апарат',
      firstCost: 1_350_000,
    });
    expect(toastedData<Equipment>(changed, 'Обладнання збережено.')).toMatchObject({
      id: row.id,
      firstCost: 1_350_000,
    });
    expect((await storedRow(row.id))?.firstCost).toBe('1350000.00');
    expect(await equipmentActivity('Рентген-апарат')).toEqual([
      expect.any(Array),
      [{ field: 'Первісна вартість', from: formatMoney(1_200_000), to: formatMoney(1_350_000) }],
    ]);
    // An unchanged save leaves no activity row.
    const same = await suite.alice.agent.put(url(suite.alice.company, `/${row.id}`), {
      ...bodyOf(SCANNER),
      name: 'Рентген-апарат',
      firstCost: 1_350_000,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await equipmentActivity('Рентген-апарат')).toHaveLength(2);

    const stored = await storedRow(row.id);
    const underOwn = await suite.bob.agent.put(
      url(suite.bob.company, `/${row.id}`),
      bodyOf(CENTRIFUGE),
    );
    expect(underOwn.statusCode, underOwn.body).toBe(404);
    expect(underOwn.json().message).toBe('Обладнання не знайдено в реєстрі закладу.');
    const underForeign = await suite.bob.agent.put(
      url(suite.alice.company, `/${row.id}`),
      bodyOf(CENTRIFUGE),
    );
    expect(underForeign.statusCode).toBe(403);
    for (const path of [
      url(suite.bob.company, `/${row.id}`),
      url(suite.alice.company, `/${row.id}`),
    ])
      expect([404, 403]).toContain((await suite.bob.agent.delete(path)).statusCode);
    expect((await suite.bob.agent.get(url(suite.alice.company))).statusCode).toBe(403);
    expect(
      (await suite.bob.agent.get(url(suite.bob.company, `/${row.id}/orders`))).statusCode,
    ).toBe(404);
    expect(await storedRow(row.id)).toEqual(stored);
  });

  it('deletes a row with an activity row; a second delete is 404', async () => {
    const row = await createRow(suite.alice, { ...bodyOf(CENTRIFUGE), name: 'Центрифуга стара' });
    const removed = await suite.alice.agent.delete(url(suite.alice.company, `/${row.id}`));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Обладнання видалено з реєстру.' });
    expect(await storedRow(row.id)).toBeUndefined();
    expect((await equipmentActivity('Центрифуга стара')).at(-1)).toEqual([
      { field: 'Назва', from: 'Центрифуга стара', to: null },
      { field: 'Первісна вартість', from: formatMoney(CENTRIFUGE.firstCost), to: null },
      { field: 'Ліквідаційна вартість', from: formatMoney(CENTRIFUGE.residualValue), to: null },
      {
        field: 'Строк корисного використання, років',
        from: String(CENTRIFUGE.usefulLifeYears),
        to: null,
      },
      { field: 'Годин використання на рік', from: formatMoney(CENTRIFUGE.hoursPerYear), to: null },
    ]);
    const again = await suite.alice.agent.delete(url(suite.alice.company, `/${row.id}`));
    expect(again.statusCode).toBe(404);
  });

  it('lets a viewer read and an economist write, as the staffing table', async () => {
    const viewer = await joinAsMember(suite.ctx, suite.alice.agent, 'viewer');
    const economist = await joinAsMember(suite.ctx, suite.alice.agent, 'economist');
    const row = await createRow(suite.alice, { ...bodyOf(SCANNER), name: 'Спільний сканер' });
    expect(await listOf(viewer)).toContainEqual(expect.objectContaining({ id: row.id }));
    await expectEachAnswered(
      viewer.agent,
      [
        ['POST', url(viewer.company), bodyOf(SCANNER)],
        ['PUT', url(viewer.company, `/${row.id}`), bodyOf(CENTRIFUGE)],
        ['DELETE', url(viewer.company, `/${row.id}`)],
      ],
      403,
    );
    expect((await viewer.agent.get(url(viewer.company, `/${row.id}/orders`))).statusCode).toBe(200);
    const byEconomist = await economist.agent.put(url(economist.company, `/${row.id}`), {
      ...bodyOf(SCANNER),
      name: 'Спільний сканер',
      hoursPerYear: 2000,
    });
    expect(byEconomist.statusCode, byEconomist.body).toBe(200);
    expect((await storedRow(row.id))?.hoursPerYear).toBe('2000.00');
  });
});

describe('equipment lines in the wizard', () => {
  it('Save → Calculate stores the worked example with equipment: 285.46, tariff 328.28', async () => {
    const lines = await workedLines(suite.alice);
    const detail = await suite.kit.paidOrderFor(suite.alice);
    const calcs = workedCalculations(detail);
    const [category, service] = firstService(calcs);
    const withEquipment = withCalculation(category, service, { equipment: lines });

    const saved = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, withEquipment),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [draft] = await calculationRows(detail.identifier);
    expect(draft?.content.equipment).toEqual(lines);

    const calculated = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail, withEquipment),
    );
    expect(calculated.statusCode, calculated.body).toBe(200);
    const [stored] = await calculationRows(detail.identifier);
    expect(stored).toMatchObject({ summary: '285.46', summaryWithProfit: '328.28' });

    // The order as the wizard reads it again carries the lines.
    const reread = await suite.alice.agent.get(`/api/orders/${detail.identifier}`);
    expect(firstService(reread.json().calculations)[1].calculation.equipment).toEqual(lines);

    // The row's delete question names the order.
    const usage = await suite.alice.agent.get(url(suite.alice.company, `/${lines[0]?.id}/orders`));
    expect(usage.statusCode, usage.body).toBe(200);
    expect(rowUsageSchema.parse(usage.json())).toEqual({
      total: 1,
      orders: [{ identifier: detail.identifier, name: 'Калькуляція УЗД' }],
    });
  });

  it('calculate-online gives the worked example’s калькуляція with the row D', async () => {
    const lines = await workedLines(suite.alice);
    const detail = await suite.kit.paidOrderFor(suite.alice);
    const [category, service] = firstService(workedCalculations(detail));
    const response = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: WORKED_INFO,
      calculations: withCalculation(category, service, { equipment: lines }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [group] = response.json() as ProfitabilityResult;
    expect(group?.calculations[0]).toMatchObject({
      summary: '285.46',
      summaryWithProfit: '328.28',
      costing: WORKED_EXAMPLE_EQUIPMENT_COST,
    });
  });

  it('the spec’s payload without equipment keeps working: D = 0, 243.34 / 279.84', async () => {
    const detail = await suite.kit.paidOrderFor(suite.alice);
    const calcs = workedCalculations(detail);
    expect(firstService(calcs)[1].calculation).not.toHaveProperty('equipment');
    const preview = await suite.alice.agent.post('/api/calculations/calculate-online', {
      companyInfo: JSON.stringify(WORKED_INFO),
      calculations: JSON.stringify(calcs),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as ProfitabilityResult)[0]?.calculations[0]?.costing).toEqual(
      WORKED_EXAMPLE_COST,
    );
    const calculated = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(detail),
    );
    expect(calculated.statusCode, calculated.body).toBe(200);
    const [stored] = await calculationRows(detail.identifier);
    expect(stored).toMatchObject({ summary: '243.34', summaryWithProfit: '279.84' });
    expect(stored?.content).not.toHaveProperty('equipment');
  });

  it('refuses another company’s or an unknown register row like a foreign material', async () => {
    const [bobScanner] = await workedLines(suite.bob);
    const detail = await suite.kit.paidOrderFor(suite.alice);
    const [category, service] = firstService(workedCalculations(detail));
    const before = await snapshotOf(detail.identifier);
    const path = `calculations.${category}.0.calculation`;
    const response = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(
        detail,
        withCalculation(category, service, {
          equipment: [bobScanner, { ...CENTRIFUGE, id: 2_000_000_000 }],
        }),
      ),
    );
    expectFieldErrors(response, [`${path}.equipment.0.id`, `${path}.equipment.1.id`]);
    expect(response.json().errors[`${path}.equipment.0.id`]).toEqual([
      'Обладнання не знайдено в реєстрі обладнання закладу. Оберіть його з реєстру.',
    ]);
    expect(await snapshotOf(detail.identifier)).toEqual(before);
  });

  it('Calculate refuses a line without a register row or minutes, naming the line', async () => {
    const [scanner] = await workedLines(suite.alice);
    const detail = await suite.kit.paidOrderFor(suite.alice);
    const [category, service] = firstService(workedCalculations(detail));
    const path = `calculations.${category}.0.calculation`;
    const response = await suite.alice.agent.post(
      '/api/calculations/calculate',
      saveBody(
        detail,
        withCalculation(category, service, {
          equipment: [
            { ...SCANNER, id: null },
            { ...SCANNER, id: scanner?.id ?? null, minutes: 0 },
          ],
        }),
      ),
    );
    expectFieldErrors(response, [`${path}.equipment.0.id`, `${path}.equipment.1.minutes`]);
    expect(response.json().message).toBe(
      `Послуга «${service.name}»: Обладнання, рядок 1: оберіть обладнання з реєстру.`,
    );
    expect(response.json().errors[`${path}.equipment.1.minutes`][0]).toMatch(
      /Обладнання, рядок 2 \(«Ультразвуковий сканер»\): вкажіть час використання/,
    );
    // Save stores the draft (as for a staff line without a qualification); nothing is calculated.
    const [stored] = await calculationRows(detail.identifier);
    expect(stored?.summary).toBeNull();
  });
});
