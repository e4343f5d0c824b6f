import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  registerUser,
  signInAdmin,
  type Agent,
  type TestContext,
  expectValidationAnswer,
} from './helper';

// Input that passes a naive schema but that PostgreSQL cannot store or compare (a NUL character, an id outside
// the `integer` range, a boolean where an id belongs) must answer 422 with the spec's shape, never 500, and
// must change nothing.

let ctx: TestContext;
let user: Agent;
let company: string;
let admin: Agent;

beforeAll(async () => {
  ctx = await buildTestApp();
  const registered = await registerUser(ctx.app);
  user = registered.agent;
  company = registered.user.companyIdentifier;
  admin = await signInAdmin(ctx.app);
});
afterAll(async () => ctx.close());

const HUGE_ID = 99_999_999_999;
const NUL = 'a\u0000b';

function expect422(response: { statusCode: number; json: () => unknown }) {
  expectValidationAnswer(response, expect.any(Object));
}

describe('ids outside PostgreSQL integer', () => {
  it('answers 422 for path ids and body ids', async () => {
    expect422(await user.delete(`/api/company/${company}/measurements/${HUGE_ID}`));
    expect422(
      await user.put(`/api/company/${company}/pills/${HUGE_ID}`, {
        name: 'x',
        measurementType: 'шт',
        price: 1,
      }),
    );
    expect422(await user.delete(`/api/company/${company}/stuff/${HUGE_ID}`));
    expect422(await admin.delete(`/api/pills/${HUGE_ID}`));
    expect422(await user.post('/api/change-salary', { id: HUGE_ID, salary: 1 }));
    for (const entry of [
      { categoryId: HUGE_ID, source: null, templateName: 'a' },
      {
        categoryId: 1,
        source: 'template',
        sourceId: HUGE_ID,
        templateId: HUGE_ID,
        templateName: 'a',
      },
      { categoryId: 1, source: 'calculation', sourceId: HUGE_ID, templateName: 'a' },
      { categoryId: true, source: null, templateName: 'a' },
      { categoryId: [2], source: null, templateName: 'a' },
    ]) {
      expect422(
        await user.post(`/api/company/${company}/orders/add`, { name: 'x', calculations: [entry] }),
      );
    }
    expect((await user.get('/api/orders')).json()).toEqual([]);
  });
});

describe('NUL characters and malformed identifiers', () => {
  it('answers 422 for names, identifiers and free text', async () => {
    expect422(await user.post(`/api/company/${company}/measurements`, { name: NUL }));
    expect422(
      await user.post(`/api/company/${company}/pills`, {
        name: NUL,
        measurementType: 'шт',
        price: 1,
      }),
    );
    expect422(
      await user.post(`/api/company/${company}/orders/add`, {
        name: NUL,
        calculations: [{ categoryId: 1, source: null, templateName: 'a' }],
      }),
    );
    expect422(
      await user.post(`/api/company/${company}/orders/add`, {
        name: 'x',
        calculations: [{ categoryId: 1, source: null, templateName: NUL }],
      }),
    );
    expect422(await user.get('/api/orders/a%00b'));
    expect422(await user.delete('/api/orders/a%00b'));
    expect422(await user.post('/api/orders/duplicate', { identifier: 'a\u0000' }));
    expect422(await user.post('/api/calculations/approve-from-user', { identifier: 'a\u0000' }));
    expect422(
      await admin.patch('/api/administrator/orders/change-status', {
        identifier: 'a\u0000',
        status: 'paid',
      }),
    );
    expect422(await user.put(`/api/company-info/${company}`, { address: NUL }));
    expect((await user.get(`/api/company/${company}/measurements/list`)).json()).toEqual([]);
    expect((await user.get('/api/orders')).json()).toEqual([]);
  });
});

/** A 422 whose field errors name exactly `field` with the schema's own message (not the database safety net). */
function expectFieldError(response: { statusCode: number; json: () => unknown }, field: string) {
  expectValidationAnswer(response, { [field]: ['Текст містить недопустимі символи.'] });
}

describe('NUL characters refused by the schemas, under the field', () => {
  it("in a material's unit name", async () => {
    expectFieldError(
      await user.post(`/api/company/${company}/pills`, {
        name: 'Гель',
        measurementType: NUL,
        price: 1,
      }),
      'measurementType',
    );
    expectFieldError(
      await admin.post('/api/pills', { name: 'Гель', measurementType: NUL, price: 1 }),
      'measurementType',
    );
    expect((await user.get(`/api/company/${company}/pills/list`)).json()).toEqual([]);
  });

  it("in a staff position's qualification", async () => {
    const before = (await user.get(`/api/get-stuff/${company}`)).json();
    expectFieldError(
      await user.post(`/api/company/${company}/stuff`, {
        qualification: NUL,
        category: 'вища',
        scientific_degree: 'немає',
        salary: 1,
      }),
      'qualification',
    );
    expect((await user.get(`/api/get-stuff/${company}`)).json()).toEqual(before);
  });

  it('in the search of every paged list (422, never 500)', async () => {
    for (const url of [`/api/company/${company}/measurements`, `/api/company/${company}/pills`]) {
      expectFieldError(await user.get(`${url}?search=a%00b`), 'search');
    }
    for (const url of [
      '/api/measurements',
      '/api/measurements/companies',
      '/api/pills',
      '/api/pills/companies',
    ]) {
      expectFieldError(await admin.get(`${url}?search=a%00b`), 'search');
    }
  });
});
