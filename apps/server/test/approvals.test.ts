import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVAL_SETTINGS_MESSAGES,
  DEFAULT_APPROVAL_SETTINGS,
  DOCUMENTS_NOT_READY_MESSAGE,
  DOCX_CONTENT_TYPE,
  ORDER_APPROVAL_MESSAGES,
  REQUISITE_MESSAGES,
  REVISION_NOT_FOUND_MESSAGE,
  amountDelta,
  approvalSettingsSchema,
  formatMoney,
  tariffHistorySchema,
} from '@medcalc/domain';
import { joinAsMember, type Agent } from './helper';
import {
  WORKED_DOCTOR as DOCTOR,
  WORKED_INFO,
  WORKED_SERVICE as SERVICE,
  calculateAsIs,
  orderDetailOf,
  setUpWorkedCompany,
  setWorkedSalary,
  useTwoCompanies,
} from './worked-orders';
import { pdfText } from '../src/modules/documents/read-back';

/*
 * Issue 35: the founder's approval. The /company settings stored and validated; the profitability cap refused by
 * Calculate (422 naming the service, the cap and its decision); the approval package as DOCX (read back with
 * mammoth) and PDF (pdftotext) carrying the decision's title, the institution, every tariff as the прейскурант
 * prints it, the comparison's Δ and the cap; the decision recorded once on an approved revision, its refusals, and
 * the documents' «Затверджено …» line. PGlite, and PostgreSQL in its run.
 */

const s = useTwoCompanies();
let economist: Agent;
let viewer: Agent;

const settingsUrl = () => `/api/company/${s.alice.company}/approval-settings`;

const SETTINGS = {
  ...DEFAULT_APPROVAL_SETTINGS,
  bodyName: 'Виконавчий комітет Запорізької міської ради',
  place: 'м. Запоріжжя',
  inForceNumber: '12',
  inForceDate: '2024-05-20',
  profitabilityCap: 20,
  capDecisionNumber: '115',
  capDecisionDate: '2025-03-14',
  economistName: 'Оксана Петренко',
  economistPhone: '0501234567',
};

beforeAll(async () => {
  const { agent, company } = s.alice;
  await setUpWorkedCompany(agent, company);
  economist = (await joinAsMember(s.ctx, agent, 'economist')).agent;
  viewer = (await joinAsMember(s.ctx, agent, 'viewer')).agent;
});

/** The text with every run of white space as one space (a wrapped line or cell keeps its words in order). */
const squeezed = (text: string) => text.replace(/\s+/g, ' ');

const detailOf = (identifier: string) => orderDetailOf(s.alice.agent, identifier);
const calculate = (identifier: string) => calculateAsIs(s.alice.agent, identifier);

async function saveSettings(body: unknown) {
  const response = await s.alice.agent.put(settingsUrl(), body);
  expect(response.statusCode, response.body).toBe(200);
}

const docxOf = async (identifier: string, extra: Record<string, unknown> = {}) =>
  s.alice.agent.post('/api/orders/docx', { file: 'approval', identifier, ...extra });

async function packageOf(identifier: string, extra: Record<string, unknown> = {}) {
  const docx = await docxOf(identifier, extra);
  expect(docx.statusCode, docx.body).toBe(200);
  expect(docx.headers['content-type']).toBe(DOCX_CONTENT_TYPE);
  const pdf = await s.alice.agent.post('/api/orders/pdf', {
    file: 'approval',
    identifier,
    ...extra,
  });
  expect(pdf.statusCode, pdf.body).toBe(200);
  return {
    docx: squeezed((await mammoth.extractRawText({ buffer: docx.rawPayload })).value),
    pdf: squeezed(pdfText(pdf.rawPayload)),
  };
}

/** The text of an XML fragment: its `<w:t>` runs joined. */
const xmlText = (xml: string) =>
  [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');

/**
 * What a Word file's body says about its tables and its page: each table's column grid (twips), its layout and its
 * first row's cell texts, and the text width between the first section's side margins.
 */
function wordLayout(docx: Buffer) {
  const xml = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml'] ?? new Uint8Array());
  const attribute = (tag: string, name: string) =>
    Number(new RegExp(`<w:${tag}\\b[^>]*\\bw:${name}="(\\d+)"`).exec(xml)?.[1]);
  const textWidth =
    attribute('pgSz', 'w') - attribute('pgMar', 'left') - attribute('pgMar', 'right');
  const tables = [...xml.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)].map(([, table = '']) => ({
    grid: [...table.matchAll(/<w:gridCol w:w="(\d+)"\/>/g)].map((match) => Number(match[1])),
    fixed: table.includes('<w:tblLayout w:type="fixed"/>'),
    header: [
      ...(/<w:tr>([\s\S]*?)<\/w:tr>/.exec(table)?.[1] ?? '').matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g),
    ].map(([, cell = '']) => xmlText(cell)),
  }));
  return { xml, textWidth, tables };
}

describe('approval settings', () => {
  it('answers the defaults until the company stores its own, then what it stored', async () => {
    const before = await s.alice.agent.get(settingsUrl());
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual(DEFAULT_APPROVAL_SETTINGS);
    await saveSettings(SETTINGS);
    expect((await s.alice.agent.get(settingsUrl())).json()).toEqual(
      approvalSettingsSchema.parse(SETTINGS),
    );
    // Another company's settings are its own.
    const bob = await s.bob.agent.get(`/api/company/${s.bob.company}/approval-settings`);
    expect(bob.json()).toEqual(DEFAULT_APPROVAL_SETTINGS);
  });

  it('refuses invalid settings with 422 under each field and keeps what was stored', async () => {
    const response = await s.alice.agent.put(settingsUrl(), {
      ...SETTINGS,
      profitabilityCap: -5,
      capDecisionDate: '2025-02-30',
      legalBasis: ['ст. 28', 'х'.repeat(501)],
      economistPhone: '12-34',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json() as { errors: Record<string, string[]> };
    expect(errors.profitabilityCap).toEqual([APPROVAL_SETTINGS_MESSAGES.cap]);
    expect(errors.capDecisionDate).toEqual([APPROVAL_SETTINGS_MESSAGES.date]);
    expect(errors.economistPhone).toEqual([REQUISITE_MESSAGES.phone]);
    expect(errors['legalBasis.1']).toEqual([
      APPROVAL_SETTINGS_MESSAGES.tooLong('Правова підстава', 500),
    ]);
    expect((await s.alice.agent.get(settingsUrl())).json()).toMatchObject({ profitabilityCap: 20 });
  });

  it('lets a viewer read them but not change them, and refuses another company’s', async () => {
    expect((await viewer.get(settingsUrl())).statusCode).toBe(200);
    expect((await viewer.put(settingsUrl(), SETTINGS)).statusCode).toBe(403);
    expect((await s.bob.agent.put(settingsUrl(), SETTINGS)).statusCode).toBe(403);
  });
});

describe('the profitability cap on Calculate', () => {
  it('refuses a service above the cap with 422 naming it, the cap and the decision; at the cap it calculates', async () => {
    // The worked example's profitability is 15 %.
    await saveSettings({ ...SETTINGS, profitabilityCap: 14.99 });
    const detail = await s.kit.paidOrder(s.alice.agent, s.alice.company);
    const refused = await calculate(detail.identifier);
    expect(refused.statusCode, refused.body).toBe(422);
    const body = refused.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toContain(`«${SERVICE}» — 15 %`);
    expect(body.message).toContain('14,99 % (рішення від 14.03.2025 № 115)');
    const [category] = Object.keys(detail.calculations);
    expect(body.errors[`calculations.${category}.0.calculation.profit`]?.[0]).toContain(
      'перевищує граничний норматив 14,99 %',
    );
    expect((await detailOf(detail.identifier)).status).not.toBe('formed');

    await saveSettings({ ...SETTINGS, profitabilityCap: 15 });
    const calculated = await calculate(detail.identifier);
    expect(calculated.statusCode, calculated.body).toBe(200);
    await saveSettings({ ...SETTINGS, profitabilityCap: null, capDecisionNumber: '' });
    expect((await calculate(detail.identifier)).statusCode).toBe(200);
  });
});

describe('the approval package, the approval and the tariff history', () => {
  // One order through its life: calculated, packaged, approved, re-priced; each step a test of its own.
  let identifier = '';
  const approval = {
    revision: 1,
    decisionNumber: '15',
    decisionDate: '2026-02-01',
    effectiveDate: '2026-03-01',
  };

  it('packages revision 1 with the decision, the прейскурант’s tariffs, the decision in force and the cap', async () => {
    await saveSettings(SETTINGS);
    ({ identifier } = await s.kit.paidOrder(s.alice.agent, s.alice.company));
    expect((await calculate(identifier)).statusCode).toBe(200);

    // Revision 1: the draft decision names the decision in force from the settings.
    const first = await packageOf(identifier);
    const priceList = await s.alice.agent.post('/api/orders/pdf', {
      file: 'order_list',
      identifier,
    });
    const listText = squeezed(pdfText(priceList.rawPayload));
    const tariff = /279,84/.exec(listText)?.[0];
    expect(tariff, listText).toBe('279,84');
    for (const text of [first.docx, first.pdf]) {
      expect(text).toContain('ПРОЄКТ');
      expect(text).toContain('Про встановлення тарифів на платні медичні послуги, що надаються');
      expect(text).toContain(WORKED_INFO.name);
      expect(text).toContain(SERVICE);
      expect(text).toContain('279,84');
      expect(text).toContain('рішення виконавчого комітету від 20.05.2024 № 12');
      expect(text).toContain('20 % (рішення від 14.03.2025 № 115)');
      expect(text).toContain('Пояснювальна записка');
      expect(text).toContain('Калькуляція вартості платної медичної послуги');
      // The explanatory note names the economist of the settings with their phone, not a blank.
      expect(text).toContain('Виконавець: Оксана Петренко, тел. +380 50 123 45 67');
    }
    expect(first.pdf).toMatch(/Сторінка 1 з \d+/);
  });

  it('gives each Word table its own column widths, summing to the text width, the service’s name the widest', async () => {
    const docx = await docxOf(identifier);
    expect(docx.statusCode, docx.body).toBe(200);
    const { xml, textWidth, tables } = wordLayout(docx.rawPayload);
    expect(textWidth).toBeGreaterThan(8000);
    // The decision, annex 1, a калькуляція (staff, materials, articles, signatures) and the note's two tables.
    expect(tables.length).toBeGreaterThanOrEqual(8);
    for (const table of tables) {
      expect(table.fixed, table.header.join(' | ')).toBe(true);
      expect(
        table.grid.reduce((sum, width) => sum + width, 0),
        table.header.join(' | '),
      ).toBe(textWidth);
      expect(new Set(table.grid).size, table.header.join(' | ')).toBeGreaterThan(1);
    }
    const withService = tables.filter((table) => table.header.includes('Послуга'));
    // Annex 1's price list and the note's tariffs in force → new.
    expect(withService).toHaveLength(2);
    for (const { grid, header } of withService) {
      expect(grid[header.indexOf('Послуга')], header.join(' | ')).toBe(Math.max(...grid));
    }
    // The place stands at the right margin of the date line: a right tab stop at the text's edge before it.
    const dateLine = xml.split('</w:p>').find((paragraph) => paragraph.includes('м. Запоріжжя'));
    expect(dateLine).toContain(`<w:tab w:val="right" w:pos="${textWidth}"/>`);
    expect(dateLine).toMatch(/<w:tab\/><w:t[^>]*>м\. Запоріжжя</);
  });

  it('refuses the package of an order not calculated yet with 409, as its other documents', async () => {
    const draft = await s.kit.paidOrder(s.alice.agent, s.alice.company);
    for (const format of ['docx', 'pdf']) {
      const response = await s.alice.agent.post(`/api/orders/${format}`, {
        file: 'approval',
        identifier: draft.identifier,
      });
      expect(response.statusCode, format).toBe(409);
      expect(response.json().message).toBe(DOCUMENTS_NOT_READY_MESSAGE);
    }
  });

  it('leaves annex 2 out when asked', async () => {
    const without = await packageOf(identifier, { withCostings: false });
    expect(without.docx).not.toContain('Калькуляція вартості платної медичної послуги');
    expect(without.pdf).not.toContain('Калькуляція вартості платної медичної послуги');
  });

  it('records the founder’s decision once on the approved revision, the owner correcting it', async () => {
    const early = await economist.put(`/api/orders/${identifier}/approval`, approval);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ORDER_APPROVAL_MESSAGES.notApproved);
    const sent = await s.alice.agent.post('/api/calculations/approve-from-user', { identifier });
    expect(sent.statusCode, sent.body).toBe(200);
    await s.kit.setStatus(identifier, 'agreed');
    const bad = await economist.put(`/api/orders/${identifier}/approval`, {
      ...approval,
      effectiveDate: '2026-01-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.effectiveDate).toEqual([
      ORDER_APPROVAL_MESSAGES.effectiveBeforeDecision,
    ]);
    expect((await viewer.put(`/api/orders/${identifier}/approval`, approval)).statusCode).toBe(403);
    expect((await s.bob.agent.put(`/api/orders/${identifier}/approval`, approval)).statusCode).toBe(
      404,
    );
    const missing = await economist.put(`/api/orders/${identifier}/approval`, {
      ...approval,
      revision: 7,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REVISION_NOT_FOUND_MESSAGE);

    const recorded = await economist.put(`/api/orders/${identifier}/approval`, approval);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({ ...approval, approver: 'executive_committee' });
    const again = await economist.put(`/api/orders/${identifier}/approval`, approval);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_APPROVAL_MESSAGES.alreadyRecorded);
    // The owner corrects it; the change is in the activity log.
    const corrected = await s.alice.agent.put(`/api/orders/${identifier}/approval`, {
      ...approval,
      decisionNumber: '16',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().message).toBe(ORDER_APPROVAL_MESSAGES.corrected);
    const log = await s.alice.agent.get('/api/activity?kind=order-approval');
    expect(log.statusCode, log.body).toBe(200);
    expect(JSON.stringify(log.json())).toContain('"from":"15","to":"16"');

    // Every document of the revision prints the decision: the title page and each service's калькуляція.
    const line = 'Затверджено рішенням виконавчого комітету від 01.02.2026 № 16';
    const title = await s.alice.agent.post('/api/orders/pdf', { file: 'title', identifier });
    expect(squeezed(pdfText(title.rawPayload))).toContain(line);
    const calculationId = Object.values((await detailOf(identifier)).calculations).flat()[0]?.id;
    const costing = await s.alice.agent.post('/api/orders/pdf', {
      file: 'calculation',
      identifier,
      calculationId,
    });
    expect(costing.statusCode, costing.body).toBe(200);
    expect(squeezed(pdfText(costing.rawPayload))).toContain(line);
  });

  it('packages the re-priced revision 2 with revision 1’s decision in force and the comparison’s Δ', async () => {
    await setWorkedSalary(s.alice.agent, s.alice.company, DOCTOR, 22_000);
    const repriced = await s.alice.agent.post(`/api/orders/${identifier}/reprice`, { revision: 1 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect((await calculate(identifier)).statusCode).toBe(200);
    const history = tariffHistorySchema.parse(
      (await s.alice.agent.get(`/api/orders/${identifier}/tariff-history`)).json(),
    );
    const [service] = history.services;
    expect(service?.points.map((point) => [point.revision, point.approvedOn])).toEqual([
      [1, '2026-03-01'],
      [2, null],
    ]);
    const [before, after] = service?.points ?? [];
    if (!before || !after) throw new Error('two points expected');
    expect(before.tariff).toBe('279.84');
    const delta = amountDelta(before.tariff, after.tariff);
    const second = await packageOf(identifier);
    for (const text of [second.docx, second.pdf]) {
      expect(text).toContain('рішення виконавчого комітету від 01.02.2026 № 16');
      expect(text).toContain(formatMoney(after.tariff));
      expect(text).toContain(`+${formatMoney(delta.delta)}`);
      expect(text).toContain(`+${formatMoney(delta.deltaPercent ?? '0')} %`);
      expect(text).toContain('оклад 20 000,00 → 22 000,00 грн');
    }
    // The package of the older revision 1 is still its own: its tariff, the settings' decision in force, no
    // comparison with a revision before it.
    const older = await packageOf(identifier, { revision: 1 });
    for (const text of [older.docx, older.pdf]) {
      expect(text).toContain('279,84');
      expect(text).toContain('рішення виконавчого комітету від 20.05.2024 № 12');
      expect(text).not.toContain(formatMoney(after.tariff));
      expect(text).not.toContain('оклад 20 000,00 → 22 000,00 грн');
    }
    // The administrator reads the same history; another company does not.
    const adminHistory = await s.admin.get(
      `/api/administrator/orders/${identifier}/tariff-history`,
    );
    expect(tariffHistorySchema.parse(adminHistory.json())).toEqual(history);
    expect((await s.bob.agent.get(`/api/orders/${identifier}/tariff-history`)).statusCode).toBe(
      404,
    );
  });
});
