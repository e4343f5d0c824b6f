import { and, asc, eq } from 'drizzle-orm';
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
  type ImportPreview,
  type ImportResult,
  type EquipmentLine,
  type ProfitabilityResult,
} from '@medcalc/domain';
import { activityLog, equipment } from '../src/db/schema';
import { multipartUpload, toCsv } from './import-fixtures';
import {
  createAgent,
  downloadWorkbook,
  registerCompanyMember,
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

async function createRow(
  who: Pick<Member, 'agent' | 'company'>,
  body: Record<string, unknown>,
): Promise<Equipment> {
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

describe('the administrator’s template equipment', () => {
  const templateUrl = (suffix = '') => `/api/equipment${suffix}`;

  async function createTemplateRow(body: Record<string, unknown>): Promise<Equipment> {
    const response = await suite.admin.post(templateUrl(), body);
    return equipmentSchema.parse(toastedData(response, 'Обладнання додано до шаблонів.'));
  }

  async function allListOf(who: Pick<Member, 'agent' | 'company'>): Promise<Equipment[]> {
    const response = await who.agent.get(url(who.company, '/all-list'));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as unknown[]).map((row) => equipmentSchema.parse(row));
  }

  it('is the administrator’s to add, change and delete (company users 403, signed out 401), unlogged', async () => {
    const row = await createTemplateRow({ ...bodyOf(SCANNER), name: 'Сканер шаблонний' });
    expect(row).toMatchObject({ companyIdentifier: null, firstCost: SCANNER.firstCost });
    expect((await storedRow(row.id))?.companyId).toBeNull();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', templateUrl()],
      ['POST', templateUrl(), bodyOf(CENTRIFUGE)],
      ['PUT', templateUrl(`/${row.id}`), bodyOf(CENTRIFUGE)],
      ['DELETE', templateUrl(`/${row.id}`)],
    ];
    await expectEachAnswered(suite.alice.agent, calls, 403);
    await expectEachAnswered(createAgent(suite.ctx.app), calls, 401);
    // A company's own calls do not reach a template row: 404, and it is unchanged.
    await expectEachAnswered(
      suite.alice.agent,
      [
        ['PUT', url(suite.alice.company, `/${row.id}`), bodyOf(CENTRIFUGE)],
        ['DELETE', url(suite.alice.company, `/${row.id}`)],
      ],
      404,
    );
    expect((await storedRow(row.id))?.name).toBe('Сканер шаблонний');

    const listed = await suite.admin.get(templateUrl());
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toContainEqual(expect.objectContaining({ id: row.id }));

    const changed = await suite.admin.put(templateUrl(`/${row.id}`), {
      ...bodyOf(SCANNER),
      name: 'Сканер шаблонний',
      firstCost: 1_350_000,
    });
    expect(toastedData<Equipment>(changed, 'Обладнання шаблонів збережено.')).toMatchObject({
      companyIdentifier: null,
    });
    expect((await storedRow(row.id))?.firstCost).toBe('1350000.00');
    expectFieldErrors(
      await suite.admin.put(templateUrl(`/${row.id}`), { ...bodyOf(SCANNER), residualValue: 2e6 }),
      ['residualValue'],
    );
    expect(await equipmentActivity('Сканер шаблонний')).toEqual([]);

    // The administrator's template calls do not reach a company's row either.
    const own = await createRow(suite.alice, { ...bodyOf(SCANNER), name: 'Сканер Аліси' });
    const foreign = await suite.admin.delete(templateUrl(`/${own.id}`));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      message: 'Обладнання не знайдено серед шаблонного обладнання.',
    });
    const foreignChange = await suite.admin.put(templateUrl(`/${own.id}`), bodyOf(CENTRIFUGE));
    expect(foreignChange.statusCode).toBe(404);
    expect(await storedRow(own.id)).toMatchObject({ name: 'Сканер Аліси' });
    expect((await storedRow(own.id))?.companyId).not.toBeNull();

    const removed = await suite.admin.delete(templateUrl(`/${row.id}`));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Обладнання видалено з шаблонів.' });
    expect(await storedRow(row.id)).toBeUndefined();
  });

  it('is every company’s to use: all-list gives the template rows first, then only the company’s own', async () => {
    const template = await createTemplateRow({
      ...bodyOf(CENTRIFUGE),
      name: 'Аналізатор шаблонний',
    });
    const alices = await createRow(suite.alice, { ...bodyOf(SCANNER), name: 'Апарат Аліси' });
    const bobs = await createRow(suite.bob, { ...bodyOf(SCANNER), name: 'Апарат Боба' });
    const aliceList = await allListOf(suite.alice);
    const ids = aliceList.map((row) => row.id);
    expect(ids).toContain(template.id);
    expect(ids).toContain(alices.id);
    expect(ids).not.toContain(bobs.id);
    const firstOwn = aliceList.findIndex((row) => row.companyIdentifier !== null);
    expect(aliceList.slice(0, firstOwn).every((row) => row.companyIdentifier === null)).toBe(true);
    expect(
      aliceList.slice(firstOwn).every((row) => row.companyIdentifier === suite.alice.company),
    ).toBe(true);
    // The register page's own list stays the company's own.
    expect((await listOf(suite.alice)).map((row) => row.id)).not.toContain(template.id);
    // Bob's wizard saves a line on the template row (and still not on Alice's row).
    const detail = await suite.kit.paidOrderFor(suite.bob);
    const [category, service] = firstService(workedCalculations(detail));
    const saveWith = (equipmentLines: EquipmentLine[]) =>
      suite.bob.agent.post(
        '/api/calculations/save',
        saveBody(detail, withCalculation(category, service, { equipment: equipmentLines })),
      );
    const saved = await saveWith([{ ...CENTRIFUGE, id: template.id }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await saveWith([{ ...SCANNER, id: alices.id }]);
    expect(refused.statusCode).toBe(422);
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
    // The save's activity row names the lines added.
    const [savedRow] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject, detail.identifier), eq(activityLog.kind, 'order-saved')));
    expect(savedRow?.changes).toEqual(
      expect.arrayContaining([
        {
          field: `Послуга «${service.name}» · Обладнання, рядок 1`,
          from: null,
          to: `${SCANNER.name}, ${SCANNER.minutes} хв`,
        },
      ]),
    );

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
      'Обладнання не знайдено ні серед шаблонного, ні в реєстрі закладу. Оберіть інше.',
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

describe('spreadsheet import and export of the register', () => {
  const imports = (company: string) => `/api/company/${company}/imports/equipment`;
  async function previewOf(
    who: Pick<Member, 'agent' | 'company'>,
    file: Buffer,
    fileName: string,
  ): Promise<ImportPreview> {
    const { payload, headers } = multipartUpload(file, fileName);
    const response = await who.agent.request('POST', `${imports(who.company)}/preview`, payload, {
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ImportPreview;
  }
  /** The register as the list answers it, without the times (which an update changes). */
  const registerOf = async (who: Pick<Member, 'agent' | 'company'>) =>
    (await listOf(who)).map(({ created_at: _c, updated_at: _u, ...row }) => row);

  it('export → edit in Excel → preview → apply changes exactly the edited rows; undo restores', async () => {
    const clinic = await registerCompanyMember(suite.ctx.app);
    await createRow(clinic, bodyOf(SCANNER, 'УЗ-001'));
    await createRow(clinic, bodyOf(CENTRIFUGE));
    const before = await registerOf(clinic);

    const { workbook, sheet } = await downloadWorkbook(
      clinic.agent,
      `${imports(clinic.company)}/export`,
    );
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Назва',
      'Інвентарний номер',
      'Первісна вартість',
      'Ліквідаційна вартість',
      'Строк корисного використання, років',
      'Годин використання на рік',
    ]);
    expect(sheet.actualRowCount).toBe(3);
    const scannerRow = [2, 3]
      .map((line) => sheet.getRow(line))
      .find((row) => row.getCell(2).value === 'УЗ-001');
    if (!scannerRow) throw new Error('the scanner is not exported');
    expect(Number(scannerRow.getCell(3).value)).toBe(1_200_000);
    scannerRow.getCell(3).value = 1_350_000;
    sheet.addRow(['Рентгенівський апарат', 'РА-7', 2_400_000, 100_000, 10, 2000]);
    sheet.addRow(['Зношений апарат', '', 1000, 1000, 5, 1940.4]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const preview = await previewOf(clinic, file, 'Обладнання.xlsx');
    expect(preview.missingColumns).toEqual([]);
    expect(preview.counts).toEqual({ updated: 1, added: 1, unchanged: 1, refused: 1 });
    expect(preview.updated).toEqual([
      {
        line: scannerRow.number,
        key: SCANNER.name,
        changes: [{ field: 'firstCost', old: 1_200_000, new: 1_350_000 }],
      },
    ]);
    expect(preview.added).toEqual([
      {
        line: 4,
        values: {
          name: 'Рентгенівський апарат',
          inventoryNumber: 'РА-7',
          firstCost: 2_400_000,
          residualValue: 100_000,
          usefulLifeYears: 10,
          hoursPerYear: 2000,
        },
      },
    ]);
    expect(preview.refused).toEqual([{ line: 5, reason: EQUIPMENT_MESSAGES.residual }]);
    // A preview changes nothing.
    expect(await registerOf(clinic)).toEqual(before);

    const applied = await clinic.agent.post(
      `${imports(clinic.company)}/${preview.importId}/apply`,
      {},
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as ImportResult).counts).toMatchObject({ updated: 1, added: 1 });
    const after = await registerOf(clinic);
    expect(after).toHaveLength(3);
    expect(after.find((row) => row.inventoryNumber === 'УЗ-001')?.firstCost).toBe(1_350_000);
    expect(after.find((row) => row.inventoryNumber === 'РА-7')).toMatchObject({
      name: 'Рентгенівський апарат',
      residualValue: 100_000,
      usefulLifeYears: 10,
      hoursPerYear: 2000,
      companyIdentifier: clinic.company,
    });

    // Another company can neither see nor undo it.
    expect((await suite.bob.agent.post(`${imports(clinic.company)}/undo`)).statusCode).toBe(403);
    const undone = await clinic.agent.post(`${imports(clinic.company)}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await registerOf(clinic)).toEqual(before);
  });

  it('reads a «;» CSV with other headers and «грн»; applies all or nothing (409 for a row changed since)', async () => {
    const clinic = await registerCompanyMember(suite.ctx.app);
    const scanner = await createRow(clinic, bodyOf(SCANNER, 'УЗ-001'));
    const csv = toCsv(
      {
        headers: [
          'Найменування обладнання',
          'Інв. №',
          'Вартість, грн',
          'Строк служби',
          'Годин на рік',
        ],
        rows: [
          ['УЗ-сканер новий', 'уз-001', '1 300 000,00 грн', 5, '1940,4'],
          ['Центрифуга', '', '45 000', 5, 1500],
        ],
      },
      { delimiter: ';', encoding: 'utf-8' },
    );
    const preview = await previewOf(clinic, csv, 'Обладнання.csv');
    expect(preview.missingColumns).toEqual([]);
    expect(preview.counts).toEqual({ updated: 1, added: 1, unchanged: 0, refused: 0 });
    // No residual value column: the row keeps its own, a new row has 0.
    expect(preview.updated[0]?.changes).toEqual([
      { field: 'name', old: SCANNER.name, new: 'УЗ-сканер новий' },
      { field: 'firstCost', old: 1_200_000, new: 1_300_000 },
    ]);
    expect(preview.added[0]?.values).toMatchObject({ name: 'Центрифуга', residualValue: 0 });

    // The scanner changes after the preview: the apply refuses as a whole.
    const changed = await clinic.agent.put(url(clinic.company, `/${scanner.id}`), {
      ...bodyOf(SCANNER, 'УЗ-001'),
      hoursPerYear: 2000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const before = await registerOf(clinic);
    const applied = await clinic.agent.post(
      `${imports(clinic.company)}/${preview.importId}/apply`,
      {},
    );
    expect(applied.statusCode, applied.body).toBe(409);
    expect(await registerOf(clinic)).toEqual(before);
  });
});
