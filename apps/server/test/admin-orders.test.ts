import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS_NOT_READY_MESSAGE,
  PAYMENT_PENDING_MESSAGE,
  formatServiceCode,
  type AdminOrderDetail,
  type AdminOrderRow,
} from '@medcalc/domain';
import { orders } from '../src/db/schema';
import { createAgent, expectFieldErrors, type Agent } from './helper';
import { useTwoCompanies } from './worked-orders';

/*
 * The administrator's Orders tab over HTTP (issue 11): the list with its filters and additions, one order read-only
 * with its services and status history, the documents of any company's order, and the status e-mails.
 */

const suite = useTwoCompanies({
  alice: { name: 'Олена Коваль', phone: '380501112233' },
  bob: { name: 'Богдан Мельник' },
});
const { kit } = suite;

const list = async (query = '') => {
  const response = await suite.admin.get(`/api/administrator/orders${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrderRow[];
};

const adminPdf = (agent: Agent, body: unknown) => agent.post('/api/administrator/orders/pdf', body);

describe('admin order calls: the role is checked on the server', () => {
  it('answers 403 to a company user and 401 signed out, for every call', async () => {
    const identifier = await kit.placeOrderFor(suite.alice, ['Послуга']);
    const guest = createAgent(suite.ctx.app);
    for (const agent of [suite.alice.agent, guest]) {
      const expected = agent === suite.alice.agent ? 403 : 401;
      expect((await agent.get('/api/administrator/orders')).statusCode).toBe(expected);
      expect((await agent.get('/api/administrator/orders?search=x')).statusCode).toBe(expected);
      expect((await agent.get(`/api/administrator/orders/${identifier}`)).statusCode).toBe(
        expected,
      );
      // Even the caller's own order: this call is the administrator's, the company has /api/orders/pdf.
      expect((await adminPdf(agent, { file: 'invoice', identifier })).statusCode).toBe(expected);
      expect((await adminPdf(agent, { file: 'nonsense' })).statusCode).toBe(expected);
    }
  });
});

describe('GET /api/administrator/orders', () => {
  it('adds the company identifier, services, fee and contact to every row', async () => {
    const identifier = await kit.placeOrderFor(
      suite.alice,
      ['УЗД 1', 'УЗД 2', 'УЗД 3'],
      'Три послуги',
    );
    const row = (await list()).find((order) => order.identifier === identifier);
    expect(row).toMatchObject({
      name: 'Три послуги',
      status: 'created',
      companyIdentifier: suite.alice.company,
      services: 3,
      amount: '720.00',
      contactEmail: suite.alice.email,
      contactPhone: '+380 50 111 22 33', // stored as formatted (issue 23)
    });
  });

  it('searches name (Cyrillic, any case) or identifier and filters by company and status', async () => {
    const clinic = await kit.placeOrderFor(suite.alice, ['Послуга'], 'Платні послуги ЛІКАРНІ');
    const other = await kit.placeOrderFor(suite.bob, ['Послуга'], 'Інше замовлення лікарні');
    await kit.setStatus(other, 'paid');
    const ids = (rows: AdminOrderRow[]) => rows.map((row) => row.identifier).sort();

    expect(ids(await list(`?search=${encodeURIComponent('лікарні')}`))).toEqual(
      [clinic, other].sort(),
    );
    expect(ids(await list(`?search=${encodeURIComponent('  ПЛАТНІ послуги ')}`))).toEqual([clinic]);
    expect(ids(await list(`?search=${other.slice(2, 10).toUpperCase()}`))).toEqual([other]);
    // LIKE wildcards are taken literally.
    expect(await list('?search=%25')).toEqual([]);

    const bobs = await list(`?companyIdentifier=${suite.bob.company}`);
    expect(bobs.length).toBeGreaterThan(0);
    expect(new Set(bobs.map((row) => row.companyIdentifier))).toEqual(new Set([suite.bob.company]));

    const paid = await list('?status=payed');
    expect(paid.map((row) => row.identifier)).toContain(other);
    expect(paid.every((row) => row.status === 'payed')).toBe(true);

    expect(
      ids(
        await list(
          `?search=${encodeURIComponent('лікарні')}&companyIdentifier=${suite.alice.company}&status=created`,
        ),
      ),
    ).toEqual([clinic]);
    expect(await list(`?search=${encodeURIComponent('лікарні')}&status=confirmed`)).toEqual([]);
    // Without filters: every order of every company.
    const all = await suite.ctx.database.db.select({ identifier: orders.identifier }).from(orders);
    expect(ids(await list())).toEqual(all.map((row) => row.identifier).sort());
    expect(ids(await list('?search='))).toEqual(all.map((row) => row.identifier).sort());
  });

  it('refuses a malformed company identifier with 422', async () => {
    const response = await suite.admin.get('/api/administrator/orders?companyIdentifier=%20');
    expect(response.statusCode).toBe(422);
  });

  it('refuses an unknown status with a Ukrainian 422 under `status`, not an unfiltered list', async () => {
    const response = await suite.admin.get('/api/administrator/orders?status=bogus');
    expectFieldErrors(response, ['status']);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
    expect(body.errors.status?.[0]).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
  });
});

describe('GET /api/administrator/orders/{identifier}', () => {
  it('shows any company’s order read-only with its results and its whole status history', async () => {
    const { identifier } = await kit.formedOrderFor(suite.bob);
    const sent = await suite.bob.agent.post('/api/calculations/approve-from-user', { identifier });
    expect(sent.statusCode, sent.body).toBe(200);
    await kit.setStatus(identifier, 'agreed');

    const response = await suite.admin.get(`/api/administrator/orders/${identifier}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as AdminOrderDetail;
    expect(detail).toMatchObject({
      identifier,
      name: 'Калькуляція УЗД',
      status: 'confirmed',
      companyIdentifier: suite.bob.company,
      services: 1,
      amount: '240.00',
    });
    const [service] = detail.calculations;
    expect(detail.calculations).toHaveLength(1);
    expect(service).toMatchObject({
      name: 'УЗД органів черевної порожнини',
      categoryId: suite.template.categoryId,
      categoryName: expect.any(String),
      summary: '243.34',
      summaryWithProfit: '279.84',
    });
    const [stored] = await kit.calculationRows(identifier);
    expect(service?.code).toBe(formatServiceCode(stored?.serviceNumber ?? 0));
    expect(service?.calculation.stuff).toHaveLength(2);

    // Every path that changes the status left its row: placing, payment, save + calculate, sending, approval.
    expect(detail.history.map((h) => [h.userName, h.fromStatus, h.toStatus])).toEqual([
      ['Богдан Мельник', null, 'created'],
      ['Адміністратор', 'created', 'payed'],
      ['Богдан Мельник', 'payed', 'saved'],
      ['Богдан Мельник', 'saved', 'formed'],
      ['Богдан Мельник', 'formed', 'sent'],
      ['Адміністратор', 'sent', 'confirmed'],
    ]);
    const times = detail.history.map((h) => Date.parse(h.created_at));
    expect(times.every(Number.isFinite)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows an order still awaiting payment (no payment gate for the administrator), without results', async () => {
    const identifier = await kit.placeOrderFor(suite.alice, ['Послуга А', 'Послуга Б']);
    const response = await suite.admin.get(`/api/administrator/orders/${identifier}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as AdminOrderDetail;
    expect(detail.calculations.map((c) => [c.name, c.summary, c.summaryWithProfit])).toEqual([
      ['Послуга А', null, null],
      ['Послуга Б', null, null],
    ]);
    expect(detail.history).toHaveLength(1);
  });

  it('answers 404 for a missing order and 422 for a malformed identifier', async () => {
    expect((await suite.admin.get('/api/administrator/orders/nosuchorder23456')).statusCode).toBe(
      404,
    );
    expect((await suite.admin.get('/api/administrator/orders/%20bad%20')).statusCode).toBe(422);
  });
});

describe('POST /api/administrator/orders/pdf', () => {
  it('gives the administrator the documents of any company’s calculated order', async () => {
    const { identifier } = await kit.formedOrderFor(suite.bob);
    for (const file of ['title', 'order_list', 'invoice']) {
      const response = await adminPdf(suite.admin, { file, identifier });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // The same bytes the company downloads (both print the stored results and the order's snapshot).
    const own = await suite.bob.agent.post('/api/orders/pdf', { file: 'order_list', identifier });
    const admins = await adminPdf(suite.admin, { file: 'order_list', identifier });
    expect(admins.headers['content-disposition']).toBe(own.headers['content-disposition']);
    expect(admins.rawPayload.length).toBeGreaterThan(1000);
    // Another company cannot reach it through its own call.
    expect(
      (await suite.alice.agent.post('/api/orders/pdf', { file: 'title', identifier })).statusCode,
    ).toBe(404);
  });

  it('keeps the status refusals, 404 for a missing order and 422 for an unknown file', async () => {
    const created = await kit.placeOrderFor(suite.alice, ['Послуга']);
    const refusedPayment = await adminPdf(suite.admin, { file: 'title', identifier: created });
    expect(refusedPayment.statusCode).toBe(403);
    expect(refusedPayment.json()).toEqual({ message: PAYMENT_PENDING_MESSAGE, code: 'FORBIDDEN' });
    // The invoice is there from `created` on.
    expect((await adminPdf(suite.admin, { file: 'invoice', identifier: created })).statusCode).toBe(
      200,
    );

    await kit.setStatus(created, 'paid');
    const notReady = await adminPdf(suite.admin, { file: 'price_list', identifier: created });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toEqual({ message: DOCUMENTS_NOT_READY_MESSAGE, code: 'CONFLICT' });

    const missing = await adminPdf(suite.admin, { file: 'title', identifier: 'nosuchorder23456' });
    expect(missing.statusCode).toBe(404);
    const unknown = await adminPdf(suite.admin, { file: 'nonsense', identifier: created });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('status e-mails', () => {
  it('mails the company’s user when the order is paid, with a link to the order in the wizard', async () => {
    const identifier = await kit.placeOrderFor(suite.alice, ['Послуга'], 'Лист про оплату');
    suite.ctx.mails.length = 0;
    await kit.setStatus(identifier, 'paid');
    expect(suite.ctx.mails).toHaveLength(1);
    const [mail] = suite.ctx.mails;
    expect(mail?.to).toBe(suite.alice.email);
    expect(mail?.subject).toBe('Оплату замовлення «Лист про оплату» підтверджено — MedCalc');
    const link = `http://medcalc.test/orders/create/${identifier}`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.text).toContain('Вітаємо, Олена Коваль!');

    // Setting the same status again is no change and sends nothing; nor do the other statuses.
    await kit.setStatus(identifier, 'paid');
    await kit.setStatus(identifier, 'saved');
    expect(suite.ctx.mails).toHaveLength(1);
  });

  it('mails when the calculation is approved, linking to the orders page', async () => {
    const identifier = await kit.placeOrderFor(suite.bob, ['Послуга'], 'Лист про погодження');
    await kit.setStatus(identifier, 'sent');
    suite.ctx.mails.length = 0;
    await kit.setStatus(identifier, 'agreed');
    expect(suite.ctx.mails.map((mail) => mail.to)).toHaveLength(1);
    expect(suite.ctx.mails[0]?.to).not.toBe(suite.alice.email);
    expect(suite.ctx.mails[0]?.subject).toBe(
      'Калькуляцію «Лист про погодження» погоджено — MedCalc',
    );
    expect(suite.ctx.mails[0]?.text).toMatch(/: http:\/\/medcalc\.test\/orders$/m);
  });

  it('keeps the status change when the mailer fails', async () => {
    const identifier = await kit.placeOrderFor(suite.alice, ['Послуга'], 'Лист не дійде');
    const push = suite.ctx.mails.push.bind(suite.ctx.mails);
    // The test app's mailer stores each letter with `mails.push`: make it throw like a dead SMTP server.
    suite.ctx.mails.push = () => {
      throw new Error('SMTP down');
    };
    try {
      const response = await suite.admin.patch('/api/administrator/orders/change-status', {
        identifier,
        status: 'paid',
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      suite.ctx.mails.push = push;
    }
    expect((await kit.orderRow(identifier)).status).toBe('payed');
    expect((await kit.historyOf(identifier)).at(-1)?.slice(1)).toEqual(['created', 'payed']);
    const [row] = await suite.ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.identifier, identifier));
    expect(row?.status).toBe('payed');
  });
});
