import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  COMPARISON_NEEDS_EARLIER_REVISION_MESSAGE,
  PAYMENT_PENDING_MESSAGE,
  REPRICE_NOT_ALLOWED_MESSAGE,
  REVISION_CHANGED_MESSAGE,
  REVISION_NOT_FOUND_MESSAGE,
  WIZARD_REVISION_CHANGED_MESSAGE,
  XLSX_CONTENT_TYPE,
  adminOrderDetailSchema,
  orderListItemSchema,
  orderRevisionsSchema,
  repricePreviewSchema,
  type CalculatedService,
  type Paged,
} from '@medcalc/domain';
import { orderRevisions } from '../src/db/schema';
import type { Agent } from './helper';
import {
  WORKED_DOCTOR as DOCTOR,
  WORKED_SERVICE as SERVICE,
  asIsBody,
  expectCalculated,
  orderDetailOf,
  saveBody,
  setWorkedSalary,
  useWorkedCompanies,
  workedStaffRow,
} from './worked-orders';
import { mapCalculations } from './with-salaries';
import { pdfText, readBack } from '../src/modules/documents/read-back';

/*
 * «Оновити дані в калькуляції» over HTTP (issue 18): the preview, the re-pricing into a new revision (one per
 * click, however many clicks), the revisions, the documents of an old and a new revision, the comparison, the
 * refusals, and the rounding and VAT stored by Calculate. Runs on PGlite and, in the PostgreSQL run, on PostgreSQL.
 */

// Alice's institution data and salaries are the worked example's, as /company and /staff would store them.
const s = useWorkedCompanies();

const setSalary = (qualification: string, salary: number) =>
  setWorkedSalary(s.alice.agent, s.alice.company, qualification, salary);
const staffRow = (qualification: string) =>
  workedStaffRow(s.alice.agent, s.alice.company, qualification);

/** The template material of a line of the order (the gel), as the administrator edits it. */
async function setTemplatePrice(pillId: number, price: number, name: string) {
  const list = (
    await s.admin.get(`/api/pills?page=1&perPage=25&search=${encodeURIComponent(name)}`)
  ).json() as {
    data: Array<{ id: number; name: string; measurementType: string }>;
  };
  const pill = list.data.find((candidate) => candidate.id === pillId);
  if (!pill) throw new Error(`no template material ${pillId}`);
  const response = await s.admin.put(`/api/pills/${pillId}`, {
    name: pill.name,
    measurementType: pill.measurementType,
    price,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An order of alice's worked example, calculated with the salaries of her staffing table, then sent/approved. */
async function calculatedOrder(status: 'formed' | 'sent' | 'confirmed' = 'formed') {
  const detail = await s.kit.paidOrderFor(s.alice);
  await expectCalculated(s.alice.agent, detail.identifier);
  if (status !== 'formed') {
    const sent = await s.alice.agent.post('/api/calculations/approve-from-user', {
      identifier: detail.identifier,
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  if (status === 'confirmed') await s.kit.setStatus(detail.identifier, 'agreed');
  return detail.identifier;
}

const download = (agent: Agent, body: Record<string, unknown>) =>
  agent.post('/api/orders/pdf', body);

describe('re-pricing an approved order after the doctor’s salary and the gel’s price changed', () => {
  let identifier: string;
  let gelId: number;
  let gelName: string;

  beforeAll(async () => {
    identifier = await calculatedOrder('confirmed');
    const [row] = await s.kit.calculationRows(identifier);
    const gel = row?.content.pills.find((line) => line.name.startsWith('Гель'));
    gelId = gel?.id ?? 0;
    gelName = gel?.name ?? '';
    expect(gelId).toBeGreaterThan(0);
    await setSalary(DOCTOR, 21_500);
    await setTemplatePrice(gelId, 0.41, gelName);
  });
  afterAll(async () => {
    await setSalary(DOCTOR, 20_000);
    await setTemplatePrice(gelId, 0.34, gelName);
  });

  it('previews cost and tariff before → after with the changes in words, and stores nothing', async () => {
    const before = await s.kit.snapshotOf(identifier);
    const response = await s.alice.agent.get(`/api/orders/${identifier}/reprice-preview`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = repricePreviewSchema.parse(response.json());
    expect(preview).toMatchObject({ identifier, status: 'confirmed', revision: 1 });
    expect(preview.categories).toHaveLength(1);
    expect(preview.categories[0]?.services).toEqual([
      expect.objectContaining({
        name: SERVICE,
        before: { summary: '243.34', tariff: '279.84' },
        after: { summary: '254.87', tariff: '293.10' },
        delta: '13.26',
        deltaPercent: '4.74',
      }),
    ]);
    const texts = preview.changes.map((change) => change.text);
    expect(texts.some((text) => /оклад 20\s000,00 → 21\s500,00 грн/.test(text))).toBe(true);
    expect(texts.some((text) => /0,34 → 0,41 грн\//.test(text))).toBe(true);
    expect(await s.kit.snapshotOf(identifier)).toEqual(before);
  });

  it('makes one revision of two simultaneous clicks, in saved, with the new inputs and no results', async () => {
    const clicks = await Promise.all(
      [1, 2].map(() => s.alice.agent.post(`/api/orders/${identifier}/reprice`, { revision: 1 })),
    );
    expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 409]);
    const refused = clicks.find((click) => click.statusCode === 409);
    expect(refused?.json().message).toBe(REVISION_CHANGED_MESSAGE);
    expect(clicks.find((click) => click.statusCode === 200)?.json()).toMatchObject({
      status: 'saved',
      revision: 2,
    });

    const order = await s.kit.orderRow(identifier);
    expect(order).toMatchObject({ status: 'saved', revision: 2 });
    const kept = await s.ctx.database.db
      .select()
      .from(orderRevisions)
      .where(eq(orderRevisions.orderId, order.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ number: 1, status: 'confirmed' });
    expect(kept[0]?.services[0]?.summaryWithProfit).toBe('279.84');

    const [row] = await s.kit.calculationRows(identifier);
    expect(row?.content.stuff[0]?.salary).toBe(21_500);
    expect(row?.content.pills.find((line) => line.id === gelId)?.price).toBe(0.41);
    expect(row?.summary).toBeNull();
    expect(row?.cost).toBeNull();
    expect((await s.kit.historyOf(identifier)).at(-1)?.slice(1)).toEqual(['confirmed', 'saved']);

    // No new fee: the list still counts one service, and says the revision.
    const list = (await s.alice.agent.get('/api/orders')).json() as unknown[];
    const item = list
      .map((entry) => orderListItemSchema.parse(entry))
      .find((o) => o.identifier === identifier);
    expect(item).toMatchObject({ services: 1, amount: '240.00', revision: 2 });
  });

  it('refuses a save or calculate from a wizard that loaded the earlier revision (another tab)', async () => {
    const before = await s.kit.snapshotOf(identifier);
    const detail = await orderDetailOf(s.alice.agent, identifier);
    for (const call of ['save', 'calculate']) {
      const stale = await s.alice.agent.post(`/api/calculations/${call}`, {
        ...asIsBody(detail),
        revision: 1,
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().message).toBe(WIZARD_REVISION_CHANGED_MESSAGE);
    }
    expect(await s.kit.snapshotOf(identifier)).toEqual(before);
    const current = await s.alice.agent.post('/api/calculations/save', {
      ...asIsBody(detail),
      revision: 2,
    });
    expect(current.statusCode, current.body).toBe(200);
  });

  it('refuses another re-pricing until the new revision is calculated; Calculate stores what the preview showed', async () => {
    const again = await s.alice.agent.post(`/api/orders/${identifier}/reprice`, { revision: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPRICE_NOT_ALLOWED_MESSAGE);
    expect((await s.alice.agent.get(`/api/orders/${identifier}/reprice-preview`)).statusCode).toBe(
      409,
    );

    await expectCalculated(s.alice.agent, identifier);
    const [row] = await s.kit.calculationRows(identifier);
    expect(row).toMatchObject({ summary: '254.87', summaryWithProfit: '293.10' });
    expect((await s.kit.orderRow(identifier)).status).toBe('formed');
  });

  it('lists the revisions with their statuses and histories', async () => {
    const response = await s.alice.agent.get(`/api/orders/${identifier}/revisions`);
    expect(response.statusCode, response.body).toBe(200);
    const revisions = orderRevisionsSchema.parse(response.json());
    expect(revisions.revision).toBe(2);
    expect(revisions.revisions.map((r) => [r.number, r.current, r.status])).toEqual([
      [1, false, 'confirmed'],
      [2, true, 'formed'],
    ]);
    expect(revisions.revisions[0]?.approvedAt).not.toBeNull();
    expect(revisions.revisions[0]?.history.map((change) => change.toStatus)).toEqual([
      'created',
      'payed',
      'saved',
      'formed',
      'sent',
      'confirmed',
    ]);
    expect(revisions.revisions[1]?.history.map((change) => change.toStatus)).toEqual([
      'saved',
      'formed',
    ]);

    const adminView = await s.admin.get(`/api/administrator/orders/${identifier}`);
    expect(adminView.statusCode, adminView.body).toBe(200);
    const detail = adminOrderDetailSchema.parse(adminView.json());
    expect(detail.revisions.map((r) => r.number)).toEqual([1, 2]);
  });

  it('prints the approved revision as approved with its old tariff, and the new one as not approved', async () => {
    const old = await download(s.alice.agent, { file: 'order_list', identifier, revision: 1 });
    expect(old.statusCode, old.body).toBe(200);
    const oldText = pdfText(old.rawPayload);
    expect(oldText).toMatch(/279,84/);
    expect(oldText).not.toMatch(/НЕ ПОГОДЖЕНО/);

    const current = await download(s.alice.agent, { file: 'order_list', identifier });
    const currentText = pdfText(current.rawPayload);
    expect(currentText).toMatch(/293,10/);
    expect(currentText).toMatch(/НЕ ПОГОДЖЕНО/);

    const missing = await download(s.alice.agent, { file: 'title', identifier, revision: 3 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REVISION_NOT_FOUND_MESSAGE);
  });

  it('makes «Порівняння тарифів» as PDF and XLSX, for the company only', async () => {
    const pdf = await download(s.alice.agent, { file: 'comparison', identifier });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/[ \u00a0]+/g, ' ');
    expect(text).toMatch(/Порівняння тарифів/);
    expect(text).toMatch(/279,84/);
    expect(text).toMatch(/293,10/);
    expect(text).toMatch(/13,26/);
    expect(text).toMatch(/оклад 20 000,00 → 21 500,00 грн/);

    const first = await download(s.alice.agent, { file: 'comparison', identifier, revision: 1 });
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(COMPARISON_NEEDS_EARLIER_REVISION_MESSAGE);

    const xlsx = await s.alice.agent.post('/api/orders/xlsx', { identifier, file: 'comparison' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const workbook = await readBack(xlsx.rawPayload);
    const numbers: number[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (typeof cell.value === 'number') numbers.push(cell.value);
        }),
      ),
    );
    expect(numbers).toEqual(expect.arrayContaining([279.84, 293.1, 13.26]));

    expect((await download(s.bob.agent, { file: 'comparison', identifier })).statusCode).toBe(404);
    expect(
      (await s.bob.agent.post('/api/orders/xlsx', { identifier, file: 'comparison' })).statusCode,
    ).toBe(404);
  });
});

describe('refusals and scoping', () => {
  it('answers 403 before payment, 409 for a draft, 404 for another company or a missing order', async () => {
    const created = await s.kit.placeOrderFor(s.alice, [SERVICE]);
    const preview = await s.alice.agent.get(`/api/orders/${created}/reprice-preview`);
    expect(preview.statusCode).toBe(403);
    expect(preview.json().message).toBe(PAYMENT_PENDING_MESSAGE);

    const paid = await s.kit.paidOrderFor(s.alice);
    expect(
      (await s.alice.agent.get(`/api/orders/${paid.identifier}/reprice-preview`)).statusCode,
    ).toBe(409);
    const refused = await s.alice.agent.post(`/api/orders/${paid.identifier}/reprice`, {
      revision: 1,
    });
    expect(refused.statusCode).toBe(409);

    const formed = await calculatedOrder();
    const before = await s.kit.snapshotOf(formed);
    expect((await s.bob.agent.get(`/api/orders/${formed}/reprice-preview`)).statusCode).toBe(404);
    expect(
      (await s.bob.agent.post(`/api/orders/${formed}/reprice`, { revision: 1 })).statusCode,
    ).toBe(404);
    expect((await s.bob.agent.get(`/api/orders/${formed}/revisions`)).statusCode).toBe(404);
    expect((await s.alice.agent.get('/api/orders/nosuchorder/reprice-preview')).statusCode).toBe(
      404,
    );
    const bad = await s.alice.agent.post(`/api/orders/${formed}/reprice`, { revision: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.revision).toBeDefined();
    expect(await s.kit.snapshotOf(formed)).toEqual(before);
    // Bob's own company is untouched by all of it.
    expect((await s.bob.agent.get(`/api/company-info/${s.bob.company}`)).statusCode).toBe(200);
  });
});

describe('rounding of the final price and VAT (Calculate stores them)', () => {
  it('stores the rounded tariff with VAT, and the order keeps its rounding', async () => {
    const paid = await s.kit.paidOrderFor(s.alice);
    const calculations = mapCalculations(paid.calculations, (calculation) => ({
      ...calculation,
      vat: 'vat20',
    }));
    const response = await s.alice.agent.post('/api/calculations/calculate', {
      ...saveBody(paid, calculations, paid.companyInfo),
      priceRounding: '1.00',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await s.kit.calculationRows(paid.identifier);
    // 279.84 + 20 % VAT (55.97) = 335.81 → 336.00.
    expect(row?.summaryWithProfit).toBe('279.84');
    expect(row?.cost?.price).toEqual({
      vatMode: 'vat20',
      vat: '55.97',
      withVat: '335.81',
      rounding: '1.00',
      roundingAmount: '0.19',
      tariff: '336.00',
    });
    // Issue 33: /calculations lists the final tariff beside the tariff without VAT.
    const listed = await s.alice.agent.get(
      `/api/company/${s.alice.company}/calculated-services?perPage=25`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      (listed.json() as Paged<CalculatedService>).data.find((service) => service.id === row?.id),
    ).toMatchObject({ summaryWithProfit: '279.84', tariff: '336.00' });
    const detail = await orderDetailOf(s.alice.agent, paid.identifier);
    expect(detail.priceRounding).toBe('1.00');
    // A save from the spec's client, which does not send the rounding, keeps it.
    const saved = await s.alice.agent.post('/api/calculations/save', asIsBody(detail));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await orderDetailOf(s.alice.agent, paid.identifier)).priceRounding).toBe('1.00');
    const bad = await s.alice.agent.post('/api/calculations/save', {
      ...asIsBody(detail),
      priceRounding: '0.10',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.priceRounding).toBeDefined();
    // «Створити на основі цього» keeps the rounding (and the VAT inside each service).
    const copy = await s.alice.agent.post('/api/orders/duplicate', { identifier: paid.identifier });
    expect(copy.statusCode, copy.body).toBe(200);
    const copied = await s.kit.orderRow(copy.json().identifier as string);
    expect(copied.priceRounding).toBe('1.00');
  });
});

// Last: it deletes the nurse's row, which the other tests' orders need.
describe('a staffing row deleted since the order was calculated', () => {
  it('keeps the line’s old salary and names it', async () => {
    const identifier = await calculatedOrder();
    const nurse = await staffRow('Сестра медична');
    const removed = await s.alice.agent.request(
      'DELETE',
      `/api/company/${s.alice.company}/stuff/${nurse.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const preview = repricePreviewSchema.parse(
      (await s.alice.agent.get(`/api/orders/${identifier}/reprice-preview`)).json(),
    );
    const missing = preview.changes.find((change) => change.kind === 'missing-staff');
    expect(missing?.text).toMatch(/Сестра медична.*залишено оклад 13\s500,00 грн/);
    // Nothing else changed: the tariff stays.
    expect(preview.categories[0]?.services[0]?.after?.tariff).toBe('279.84');
    const done = await s.alice.agent.post(`/api/orders/${identifier}/reprice`, { revision: 1 });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await s.kit.calculationRows(identifier);
    expect(row?.content.stuff[1]?.salary).toBe(13_500);
  });
});
