import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_CREATED_MESSAGE,
  TEMPLATE_MESSAGES,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  formatStaffRateLabel,
  type AdminCalculation,
  type AdminTemplate,
  type CalculationContent,
  type OrderDetail,
  type ProfitabilityResult,
  type StaffRate,
  type TemplateListEntry,
  type WizardCalculations,
} from '@medcalc/domain';
import {
  calculations,
  categories,
  equipment,
  measurements,
  pills,
  staffRates,
  templates,
} from '../src/db/schema';
import {
  createAgent,
  expectFieldErrors,
  withRefusingTrigger,
  type Agent,
  type CompanyMember,
} from './helper';
import {
  WORKED_INFO,
  firstGroup,
  firstService,
  saveBody,
  workedCalculations,
  useTwoCompanies,
} from './worked-orders';
import { templateRowsNamed } from './template-rows';

/*
 * Issue 11: the administrator promotes a company's calculation into a template (spec §7 add-to-template), and
 * renames, moves and deletes templates; a second company orders the new template and gets the same lines.
 */

const suite = useTwoCompanies();
const { kit } = suite;

const SERVICE = 'УЗД органів черевної порожнини';
const GEL = 'Гель контактний «Тест»';
const VIAL = 'Флакон-тест';

async function templateLevelCounts() {
  const db = suite.ctx.database.db;
  const [t] = await db.select({ n: count() }).from(templates);
  const [p] = await db.select({ n: count() }).from(pills).where(isNull(pills.companyId));
  const [m] = await db
    .select({ n: count() })
    .from(measurements)
    .where(isNull(measurements.companyId));
  const [e] = await db.select({ n: count() }).from(equipment).where(isNull(equipment.companyId));
  return { templates: t?.n, pills: p?.n, measurements: m?.n, equipment: e?.n };
}

async function staffOf(member: CompanyMember): Promise<StaffRate[]> {
  const response = await member.agent.get(`/api/get-stuff/${member.company}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StaffRate[];
}

/** Adds a row of Alice's own (`stuff`, `measurements` or `pills`) and answers it as the call does. */
async function addOwn<T = { id: number }>(
  list: 'stuff' | 'measurements' | 'pills' | 'equipment',
  body: object,
) {
  const response = await suite.alice.agent.post(
    `/api/company/${suite.alice.company}/${list}`,
    body,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

async function calculationsOf(company: string): Promise<AdminCalculation[]> {
  const response = await suite.admin.get(`/api/company/${company}/calculations/calculations-list`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminCalculation[];
}

async function storedTemplate(id: number) {
  const [row] = await suite.ctx.database.db.select().from(templates).where(eq(templates.id, id));
  if (!row) throw new Error(`template ${id} not stored`);
  return row;
}

async function calculateOnline(agent: Agent, calcs: WizardCalculations) {
  const response = await agent.post('/api/calculations/calculate-online', {
    companyInfo: JSON.stringify(WORKED_INFO),
    calculations: JSON.stringify(calcs),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProfitabilityResult;
}

/**
 * Saves a new paid order of Alice's whose one service has `lines` (its staff, material and/or equipment lines
 * replaced), makes a template of it named `templateName` and answers the stored template, having checked that
 * exactly one template and `templateEquipment` template equipment rows, and no template material or unit, were added.
 */
async function promoteNewCalculation(
  templateName: string,
  lines: Partial<Pick<CalculationContent, 'stuff' | 'pills' | 'equipment'>>,
  templateEquipment = 0,
) {
  const detail = await kit.paidOrderFor(suite.alice, [SERVICE]);
  const [category, service] = firstService(workedCalculations(detail));
  const edited: WizardCalculations = {
    [category]: [{ ...service, calculation: { ...service.calculation, ...lines } }],
  };
  const saved = await suite.alice.agent.post('/api/calculations/save', saveBody(detail, edited));
  expect(saved.statusCode, saved.body).toBe(200);
  const before = await templateLevelCounts();
  const response = await suite.admin.post('/api/calculations/add-to-template', {
    templateName,
    calculationIdentifier: service.identifier,
    categoryId: suite.template.categoryId,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(await templateLevelCounts()).toEqual({
    ...before,
    templates: (before.templates ?? 0) + 1,
    equipment: (before.equipment ?? 0) + templateEquipment,
  });
  return storedTemplate((response.json() as { templateId: number }).templateId);
}

/** The parts of a line a copy must keep (the staffing row's id differs from company to company). */
const comparableContent = (content: CalculationContent) => ({
  bonus: content.bonus,
  profit: content.profit,
  stuff: content.stuff.map(({ quality, timeSpend, workingDay, conditionPercent }) => ({
    name: quality?.name ?? null,
    timeSpend,
    workingDay,
    conditionPercent,
  })),
  pills: content.pills,
});

describe('admin template calls: access', () => {
  it('answers 401 signed out and 403 to a company user, changing nothing', async () => {
    const before = await templateLevelCounts();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/company/${suite.alice.company}/calculations/calculations-list`],
      [
        'POST',
        '/api/calculations/add-to-template',
        { templateName: 'x', calculationIdentifier: 'abc', categoryId: 1 },
      ],
      ['GET', '/api/get-templates'],
      [
        'PUT',
        `/api/templates/${suite.template.id}`,
        { name: 'Зламано', categoryId: suite.template.categoryId },
      ],
      ['DELETE', `/api/templates/${suite.template.id}`],
    ];
    const guest = createAgent(suite.ctx.app);
    for (const [method, url, body] of calls) {
      const signedOut = await guest.request(method as 'GET', url, body);
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      const user = await suite.alice.agent.request(method as 'GET', url, body);
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json().message).toEqual(expect.any(String));
    }
    expect(await templateLevelCounts()).toEqual(before);
    expect((await storedTemplate(suite.template.id)).name).toBe(suite.template.name);
  });
});

describe('POST /api/calculations/add-to-template', () => {
  let sourceDetail: OrderDetail;
  let sourceCalcs: WizardCalculations;
  let ownDoctor: StaffRate;
  let templateId: number;

  it('refuses bad input (422), an unknown calculation (404) and an unknown category (422)', async () => {
    const before = await templateLevelCounts();
    expectFieldErrors(await suite.admin.post('/api/calculations/add-to-template', {}), [
      'templateName',
      'calculationIdentifier',
      'categoryId',
    ]);
    const detail = await kit.paidOrderFor(suite.alice, [SERVICE]);
    const [, service] = firstService(detail.calculations);
    const unknown = await suite.admin.post('/api/calculations/add-to-template', {
      templateName: 'Новий шаблон',
      calculationIdentifier: 'nosuchcalculation0',
      categoryId: suite.template.categoryId,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
    const noCategory = await suite.admin.post('/api/calculations/add-to-template', {
      templateName: 'Новий шаблон',
      calculationIdentifier: service.identifier,
      categoryId: 999_999,
    });
    expectFieldErrors(noCategory, ['categoryId']);
    expect(await templateLevelCounts()).toEqual(before);
  });

  it('sets up a calculation on an own position, an own material and an own unit', async () => {
    // Alice replaces her copy of the template's doctor row with her own row of the same position (another case).
    const doctorCopy = (await staffOf(suite.alice)).find(
      (row) =>
        row.qualification === 'Лікар з ультразвукової діагностики' &&
        row.category === 'без категорії',
    );
    if (!doctorCopy) throw new Error('the doctor row was not copied at registration');
    const removed = await suite.alice.agent.delete(
      `/api/company/${suite.alice.company}/stuff/${doctorCopy.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    ownDoctor = await addOwn<StaffRate>('stuff', {
      qualification: 'лікар з ультразвукової діагностики',
      category: 'без категорії',
      scientific_degree: 'немає',
      salary: 31_000,
    });
    await addOwn('measurements', { name: VIAL });
    const { id: gelId } = await addOwn('pills', { name: GEL, measurementType: VIAL, price: 45.5 });

    sourceDetail = await kit.paidOrderFor(suite.alice, [SERVICE]);
    const calcs = workedCalculations(sourceDetail);
    const [category, service] = firstService(calcs);
    const [doctorLine, ...otherLines] = service.calculation.stuff;
    if (!doctorLine) throw new Error('setup');
    sourceCalcs = {
      [category]: [
        {
          ...service,
          calculation: {
            ...service.calculation,
            stuff: [
              {
                ...doctorLine,
                quality: {
                  id: ownDoctor.id,
                  name: formatStaffRateLabel({
                    ...ownDoctor,
                    scientificDegree: ownDoctor.scientific_degree,
                  }),
                },
              },
              ...otherLines,
            ],
            pills: [
              ...service.calculation.pills,
              { id: gelId, name: GEL, price: 45.5, spend: 2, measurement_type: VIAL },
            ],
          },
        },
      ],
    };
    const saved = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(sourceDetail, sourceCalcs),
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('rolls back the copied material, unit and equipment when the template cannot be stored', async () => {
    const [category, service] = firstService(sourceCalcs);
    const [scanner] = WORKED_EXAMPLE_EQUIPMENT_LINES;
    const { id: _id, ...scannerRow } = scanner;
    const own = await addOwn<{ id: number }>('equipment', {
      ...scannerRow,
      name: 'Сканер для відкату',
    });
    const detail = await kit.paidOrderFor(suite.alice, [SERVICE]);
    const [, ownService] = firstService(workedCalculations(detail));
    const withEquipment = {
      [category]: [
        {
          ...ownService,
          calculation: {
            ...service.calculation,
            equipment: [{ ...scanner, name: 'Сканер для відкату', id: own.id }],
          },
        },
      ],
    };
    const saved = await suite.alice.agent.post(
      '/api/calculations/save',
      saveBody(detail, withEquipment),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const identifier = (await calculationsOf(suite.alice.company)).find(
      (c) => c.id === ownService.id,
    )?.identifier;
    const before = await templateLevelCounts();
    const response = await withRefusingTrigger(
      suite.ctx.database,
      { table: 'templates', event: 'INSERT', condition: 'true' },
      () =>
        suite.admin.post('/api/calculations/add-to-template', {
          templateName: 'УЗД з гелем',
          calculationIdentifier: identifier,
          categoryId: suite.template.categoryId,
        }),
    );
    expect(response.statusCode).toBe(500);
    expect(await templateLevelCounts()).toEqual(before);
    const db = suite.ctx.database.db;
    expect(await templateRowsNamed(db, pills, GEL)).toEqual([]);
    expect(await templateRowsNamed(db, measurements, VIAL)).toEqual([]);
    expect(
      await db
        .select()
        .from(equipment)
        .where(and(isNull(equipment.companyId), eq(equipment.name, 'Сканер для відкату'))),
    ).toEqual([]);
  });

  it('makes a template of the calculation, copying the company material and unit to the template level', async () => {
    const [, service] = firstService(sourceCalcs);
    const listed = (await calculationsOf(suite.alice.company)).find((c) => c.id === service.id);
    if (!listed) throw new Error('the calculation is not listed');
    const before = await templateLevelCounts();

    const response = await suite.admin.post('/api/calculations/add-to-template', {
      templateName: '  УЗД з гелем  ',
      calculationIdentifier: listed.identifier,
      categoryId: suite.template.categoryId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { message: string; templateId: number };
    expect(body.message).toBe(TEMPLATE_CREATED_MESSAGE);
    templateId = body.templateId;
    expect(await templateLevelCounts()).toEqual({
      ...before,
      templates: (before.templates ?? 0) + 1,
      pills: (before.pills ?? 0) + 1,
      measurements: (before.measurements ?? 0) + 1,
    });

    const db = suite.ctx.database.db;
    const [templateUnit] = await templateRowsNamed(db, measurements, VIAL);
    const [templateGel] = await templateRowsNamed(db, pills, GEL);
    expect(templateUnit).toBeDefined();
    expect(templateGel).toMatchObject({ measurementId: templateUnit?.id, price: '45.5000' });

    const stored = await storedTemplate(templateId);
    expect(stored).toMatchObject({ name: 'УЗД з гелем', categoryId: suite.template.categoryId });
    const templateStaff = await db.select().from(staffRates).where(isNull(staffRates.companyId));
    const templateRowOf = (qualification: string) => {
      const row = templateStaff.find(
        (r) =>
          r.qualification === qualification &&
          r.category === 'без категорії' &&
          r.scientificDegree === 'немає',
      );
      if (!row) throw new Error(`no template row ${qualification}`);
      return row;
    };
    const doctor = templateRowOf('Лікар з ультразвукової діагностики');
    const nurse = templateRowOf('Сестра медична');
    const source = service.calculation;
    expect(stored.content).toEqual({
      bonus: source.bonus,
      profit: source.profit,
      stuff: source.stuff.map((line, index) => {
        const row = index === 0 ? doctor : nurse;
        return {
          ...line,
          quality: { id: row.id, name: formatStaffRateLabel(row) },
          salary: Number(row.salary),
        };
      }),
      pills: source.pills.map((line) =>
        line.name === GEL ? { ...line, id: templateGel?.id } : line,
      ),
    });
    // The company keeps its own material and unit.
    const own = await suite.alice.agent.get(`/api/company/${suite.alice.company}/pills/list`);
    expect((own.json() as Array<{ name: string }>).map((p) => p.name)).toContain(GEL);
  });

  it('lists the new template in every company’s create-order page at once, and in the admin list', async () => {
    const list = await suite.bob.agent.get('/api/get-templates-list');
    const entry = (list.json() as TemplateListEntry[]).find(
      (e) => e.categoryId === suite.template.categoryId,
    );
    expect(entry?.templates).toContainEqual({ templateId, templateName: 'УЗД з гелем' });

    const all = await suite.admin.get('/api/get-templates');
    expect(all.statusCode).toBe(200);
    const rows = all.json() as AdminTemplate[];
    const [category] = await suite.ctx.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, suite.template.categoryId));
    const mine = rows.find((row) => row.id === templateId);
    expect(mine).toMatchObject({
      id: templateId,
      name: 'УЗД з гелем',
      category: category?.name,
      categoryId: suite.template.categoryId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.parse(mine?.template ?? 'null')).toEqual(
      (await storedTemplate(templateId)).content,
    );
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => a - b));
    const [stored] = await suite.ctx.database.db.select({ n: count() }).from(templates);
    expect(rows).toHaveLength(stored?.n ?? -1);
  });

  let bobOrder: string;
  it('gives another company a new order with the same lines and, at equal salaries, the same cost', async () => {
    // The kit's placeOrder takes the worked template; the new one is ordered directly.
    const placed = await suite.bob.agent.post(`/api/company/${suite.bob.company}/orders/add`, {
      name: 'Нове УЗД',
      calculations: [
        {
          categoryId: suite.template.categoryId,
          source: 'template',
          sourceId: templateId,
          templateId,
          templateName: 'УЗД з гелем',
        },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    bobOrder = placed.json().identifier as string;
    await kit.setStatus(bobOrder, 'paid');
    const detailResponse = await suite.bob.agent.get(`/api/orders/${bobOrder}`);
    expect(detailResponse.statusCode, detailResponse.body).toBe(200);
    const detail = detailResponse.json() as OrderDetail;
    const [, [copy]] = firstGroup(detail.calculations);
    const [, [source]] = firstGroup(sourceCalcs);
    if (!copy || !source) throw new Error('setup');

    const bobStaff = new Map((await staffOf(suite.bob)).map((row) => [row.id, row]));
    for (const line of copy.calculation.stuff) {
      expect(line.quality?.id).not.toBeNull();
      expect(bobStaff.has(line.quality?.id ?? -1)).toBe(true);
    }
    expect(comparableContent(copy.calculation)).toEqual({
      ...comparableContent(source.calculation),
      stuff: comparableContent(source.calculation).stuff.map((line) => ({
        ...line,
        // The line names the template position (the source named the company's own row in lower case).
        name:
          line.name ===
          formatStaffRateLabel({ ...ownDoctor, scientificDegree: ownDoctor.scientific_degree })
            ? 'Лікар з ультразвукової діагностики, без категорії, немає'
            : line.name,
      })),
      pills: comparableContent(source.calculation).pills.map((line) =>
        line.name === GEL ? { ...line, id: copy.calculation.pills.at(-1)?.id ?? null } : line,
      ),
    });

    // Bob's copy is accepted by save (its staff rows and materials are his to use).
    const bobCalcs = workedCalculations(detail);
    const saved = await suite.bob.agent.post('/api/calculations/save', saveBody(detail, bobCalcs));
    expect(saved.statusCode, saved.body).toBe(200);

    const [bobResult] = await calculateOnline(suite.bob.agent, bobCalcs);
    const [aliceResult] = await calculateOnline(suite.alice.agent, sourceCalcs);
    const bobCost = bobResult?.calculations[0];
    const aliceCost = aliceResult?.calculations[0];
    expect(bobCost?.summary).toBe(aliceCost?.summary);
    expect(bobCost?.summaryWithProfit).toBe(aliceCost?.summaryWithProfit);
    // The gel counts: the worked example alone costs 243.34.
    expect(aliceCost?.summary).not.toBe('243.34');
  });

  it('maps a position the templates lack to no row, and reuses template items of the same name', async () => {
    const sleepDoctor = await addOwn<StaffRate>('stuff', {
      qualification: 'Лікар-сомнолог',
      category: 'вища',
      scientific_degree: 'немає',
      salary: 40_000,
    });
    // Alice's own material named like a template material, on her own unit (already promoted above).
    const mask = await addOwn('pills', {
      name: 'маска медична тришарова',
      measurementType: VIAL,
      price: 3,
    });
    const [templateMask] = await suite.ctx.database.db
      .select()
      .from(pills)
      .where(eq(pills.seedKey, 'mask'));
    if (!templateMask) throw new Error('the mask is not seeded');

    const label = formatStaffRateLabel({
      ...sleepDoctor,
      scientificDegree: sleepDoctor.scientific_degree,
    });
    const stored = await promoteNewCalculation('Консультація сомнолога', {
      stuff: [
        {
          quality: { id: sleepDoctor.id, name: label },
          salary: 40_000,
          timeSpend: 15,
          conditionPercent: 0,
          workingDay: 8,
        },
      ],
      pills: [
        {
          id: mask.id,
          name: 'маска медична тришарова',
          price: 3,
          spend: 1,
          measurement_type: VIAL,
        },
      ],
    });
    expect(stored.content.stuff).toEqual([
      {
        quality: { id: null, name: label },
        salary: null,
        timeSpend: 15,
        conditionPercent: 0,
        workingDay: 8,
      },
    ]);
    expect(stored.content.pills).toEqual([
      {
        id: templateMask.id,
        name: 'маска медична тришарова',
        price: 3,
        spend: 1,
        measurement_type: VIAL,
      },
    ]);
  });

  it('keeps a material line whose name is longer than a material may have, with no id and no template material', async () => {
    const longName = `Розчин ${'д'.repeat(293)}`;
    expect(longName).toHaveLength(300);
    const longLine = { id: null, name: longName, price: 12, spend: 1, measurement_type: VIAL };
    const stored = await promoteNewCalculation('Шаблон з довгою назвою матеріалу', {
      pills: [longLine],
    });
    expect(stored.content.pills).toEqual([longLine]);
    const [{ n } = { n: -1 }] = await suite.ctx.database.db
      .select({ n: count() })
      .from(pills)
      .where(eq(pills.name, longName));
    expect(n).toBe(0);
  });

  it('copies a calculation’s equipment to the template equipment (issue 38); another company’s order and Calculate use it', async () => {
    const [scanner] = WORKED_EXAMPLE_EQUIPMENT_LINES;
    const { id: _id, ...scannerRow } = scanner;
    const own = await addOwn<{ id: number }>('equipment', {
      ...scannerRow,
      inventoryNumber: '1014',
    });
    const stored = await promoteNewCalculation(
      'УЗД зі сканером',
      { equipment: [{ ...scanner, id: own.id }] },
      1,
    );
    const [line] = stored.content.equipment ?? [];
    expect(line?.id).not.toBe(own.id);
    expect(line).toEqual({ ...scanner, id: line?.id });
    const [templateRow] = await suite.ctx.database.db
      .select()
      .from(equipment)
      .where(eq(equipment.id, line?.id ?? -1));
    expect(templateRow).toMatchObject({
      companyId: null,
      name: scanner.name,
      inventoryNumber: '',
      firstCost: scanner.firstCost.toFixed(2),
      usefulLifeYears: scanner.usefulLifeYears,
    });
    // A second promotion of a calculation on the same row reuses the template row of that name.
    const again = await promoteNewCalculation(
      'УЗД зі сканером 2',
      { equipment: [{ ...scanner, id: own.id }] },
      0,
    );
    expect(again.content.equipment?.[0]?.id).toBe(line?.id);

    // Two machines of one name with other values are two template rows (re-pricing must not swap their values);
    // the same machine twice in one calculation is one row.
    const cheaper = { ...scanner, firstCost: 300_000 };
    const own2 = await addOwn<{ id: number }>('equipment', {
      ...scannerRow,
      firstCost: 300_000,
      inventoryNumber: 'B-2',
    });
    const mixed = await promoteNewCalculation(
      'УЗД з двома сканерами',
      {
        equipment: [
          { ...scanner, id: own.id },
          { ...cheaper, id: own2.id },
          { ...cheaper, id: own2.id, minutes: 5 },
        ],
      },
      1,
    );
    const [same, other, otherAgain] = mixed.content.equipment ?? [];
    expect(same?.id).toBe(line?.id);
    expect(other?.id).not.toBe(line?.id);
    expect(otherAgain?.id).toBe(other?.id);
    const [otherRow] = await suite.ctx.database.db
      .select()
      .from(equipment)
      .where(eq(equipment.id, other?.id ?? -1));
    expect(otherRow).toMatchObject({ companyId: null, name: scanner.name, firstCost: '300000.00' });

    const placed = await suite.bob.agent.post(`/api/company/${suite.bob.company}/orders/add`, {
      name: 'УЗД зі сканером',
      calculations: [
        {
          categoryId: suite.template.categoryId,
          source: 'template',
          sourceId: stored.id,
          templateId: stored.id,
          templateName: 'УЗД зі сканером',
        },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const identifier = placed.json().identifier as string;
    await kit.setStatus(identifier, 'paid');
    const detail = await suite.bob.agent.get(`/api/orders/${identifier}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const [, [copy]] = firstGroup((detail.json() as OrderDetail).calculations);
    expect(copy?.calculation.equipment).toEqual([line]);
    // Bob's wizard may keep the template row: his Save accepts the line.
    const saved = await suite.bob.agent.post(
      '/api/calculations/save',
      saveBody(detail.json() as OrderDetail, workedCalculations(detail.json() as OrderDetail)),
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('makes one template row of a machine when several calculations carrying it are added to templates at once', async () => {
    const [scanner] = WORKED_EXAMPLE_EQUIPMENT_LINES;
    const { id: _id, ...scannerRow } = scanner;
    const name = 'Сканер, доданий до шаблонів одночасно';
    const own = await addOwn<{ id: number }>('equipment', { ...scannerRow, name });
    const line = { ...scanner, name, id: own.id };
    const identifiers: Array<string | undefined> = [];
    for (let i = 0; i < 6; i += 1) {
      const detail = await kit.paidOrderFor(suite.alice, [SERVICE]);
      const [category, service] = firstService(workedCalculations(detail));
      const edited: WizardCalculations = {
        [category]: [{ ...service, calculation: { ...service.calculation, equipment: [line] } }],
      };
      const saved = await suite.alice.agent.post(
        '/api/calculations/save',
        saveBody(detail, edited),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      identifiers.push(service.identifier);
    }
    // On PostgreSQL the calls' transactions overlap; each looked for the row before any had made it.
    const answers = await Promise.all(
      identifiers.map((calculationIdentifier, i) =>
        suite.admin.post('/api/calculations/add-to-template', {
          templateName: `Одночасний шаблон ${i + 1}`,
          calculationIdentifier,
          categoryId: suite.template.categoryId,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await suite.ctx.database.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(isNull(equipment.companyId), eq(equipment.name, name)));
    expect(rows).toHaveLength(1);
    for (const answer of answers) {
      const stored = await storedTemplate((answer.json() as { templateId: number }).templateId);
      expect(stored.content.equipment?.[0]?.id).toBe(rows[0]?.id);
    }
  });

  describe('PUT and DELETE /api/templates/{id}', () => {
    it('refuses bad input (422), an unknown template (404) and an unknown category (422)', async () => {
      expectFieldErrors(await suite.admin.put(`/api/templates/${templateId}`, {}), [
        'name',
        'categoryId',
      ]);
      const missing = await suite.admin.put('/api/templates/999999', {
        name: 'Х',
        categoryId: suite.template.categoryId,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(TEMPLATE_MESSAGES.notFound);
      expectFieldErrors(
        await suite.admin.put(`/api/templates/${templateId}`, { name: 'Х', categoryId: 999_999 }),
        ['categoryId'],
      );
      expect((await suite.admin.delete('/api/templates/999999')).statusCode).toBe(404);
      expect((await storedTemplate(templateId)).name).toBe('УЗД з гелем');
    });

    it('renames a template and moves it to another category; the order copied from it keeps its copy', async () => {
      const [otherCategory] = await suite.ctx.database.db
        .select()
        .from(categories)
        .where(eq(categories.seedKey, 'medical-examinations'));
      if (!otherCategory || otherCategory.id === suite.template.categoryId)
        throw new Error('setup');
      const before = await kit.calculationRows(bobOrder);

      const response = await suite.admin.put(`/api/templates/${templateId}`, {
        name: ' УЗД з гелем (оновлено) ',
        categoryId: otherCategory.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: TEMPLATE_MESSAGES.updated });
      expect(await storedTemplate(templateId)).toMatchObject({
        name: 'УЗД з гелем (оновлено)',
        categoryId: otherCategory.id,
      });
      const list = (
        await suite.bob.agent.get('/api/get-templates-list')
      ).json() as TemplateListEntry[];
      const where = list.filter((entry) =>
        entry.templates.some((t) => t.templateId === templateId),
      );
      expect(where.map((entry) => entry.categoryId)).toEqual([otherCategory.id]);
      expect(where[0]?.templates).toContainEqual({
        templateId,
        templateName: 'УЗД з гелем (оновлено)',
      });
      expect(await kit.calculationRows(bobOrder)).toEqual(before);
    });

    it('deletes a template; the order copied from it keeps its copy and still opens', async () => {
      const before = await kit.calculationRows(bobOrder);
      expect(before[0]).toMatchObject({ source: 'template', sourceId: templateId });
      const response = await suite.admin.delete(`/api/templates/${templateId}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: TEMPLATE_MESSAGES.deleted });
      expect(
        await suite.ctx.database.db.select().from(templates).where(eq(templates.id, templateId)),
      ).toEqual([]);
      expect(await kit.calculationRows(bobOrder)).toEqual(before);
      const opened = await suite.bob.agent.get(`/api/orders/${bobOrder}`);
      expect(opened.statusCode).toBe(200);
      const list = (
        await suite.bob.agent.get('/api/get-templates-list')
      ).json() as TemplateListEntry[];
      expect(list.flatMap((e) => e.templates.map((t) => t.templateId))).not.toContain(templateId);
      const all = (await suite.admin.get('/api/get-templates')).json() as AdminTemplate[];
      expect(all.map((row) => row.id)).not.toContain(templateId);
      expect((await suite.admin.delete(`/api/templates/${templateId}`)).statusCode).toBe(404);
      const [left] = await suite.ctx.database.db
        .select({ n: count() })
        .from(calculations)
        .where(eq(calculations.sourceId, templateId));
      expect(left?.n).toBe(1);
    });
  });
});
