import { beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_COMPANY_MESSAGE } from '../src/lib/company-scope';
import { createAgent, type CompanyMember, useTwoMembers } from './helper';

// Spec §6 / issue "Company reference data": a `{companyIdentifier}` that is not the user's company answers 403 and
// nothing changes, whatever the body or the row id. The guard runs before validation, so another company's URL
// never earns a 422 with field details. Every such route is taken from the OpenAPI document, so a route added
// later without the guard fails here.

const suite = useTwoMembers();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  responses: Record<string, unknown>;
}

let operations: Operation[];

beforeAll(async () => {
  const doc = (await suite.ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      responses: operation.responses,
    })),
  );
});

const scoped = () =>
  operations.filter((operation) => operation.path.includes('{companyIdentifier}'));

/** The URL of `operation` for `company`, with `id` in any other path parameter (e.g. `abc`, not a valid id). */
const urlOf = (operation: Operation, company: string, id: string) =>
  operation.path.replace('{companyIdentifier}', company).replace(/\{[^}]+\}/g, id);

/** What the first company has, to show nothing changed. */
async function snapshotOf(who: CompanyMember) {
  const [units, pills, staff, info] = await Promise.all([
    who.agent.get(`/api/company/${who.company}/measurements/list`),
    who.agent.get(`/api/company/${who.company}/pills/list`),
    who.agent.get(`/api/get-stuff/${who.company}`),
    who.agent.get(`/api/company-info/${who.company}`),
  ]);
  return [
    units.json(),
    pills.json(),
    staff.json(),
    info.json(),
    (await who.agent.get('/api/orders')).json(),
  ];
}

describe('another company in the URL', () => {
  it('covers every company route of spec §7 and the added staff calls', () => {
    const paths = new Set(scoped().map((operation) => `${operation.method} ${operation.path}`));
    for (const expected of [
      'POST /api/company/{companyIdentifier}/measurements',
      'DELETE /api/company/{companyIdentifier}/measurements/{id}',
      'GET /api/company/{companyIdentifier}/pills/all-list',
      'PUT /api/company-info/{companyIdentifier}',
      'GET /api/get-stuff/{companyIdentifier}',
      'POST /api/company/{companyIdentifier}/stuff',
      'POST /api/company/{companyIdentifier}/orders/add',
      'GET /api/company/{companyIdentifier}/calculations',
    ]) {
      expect(paths, expected).toContain(expected);
    }
    expect(paths.size).toBeGreaterThanOrEqual(18);
  });

  it('answers 403 to every company route whatever the body or id, and changes nothing', async () => {
    await suite.alice.agent.post(`/api/company/${suite.alice.company}/measurements`, {
      name: 'Банка',
    });
    const before = await snapshotOf(suite.alice);
    const bodies: unknown[] = [
      {},
      { name: '', price: 'x', form: 9, calculations: 'none' },
      { name: 'Захоплено' },
    ];
    for (const operation of scoped()) {
      for (const id of ['abc', '1', '99999999999']) {
        for (const body of operation.method === 'GET' || operation.method === 'DELETE'
          ? [undefined]
          : bodies) {
          const url = `${urlOf(operation, suite.alice.company, id)}${operation.method === 'GET' ? '?search=a%00b&page=x' : ''}`;
          const response = await suite.bob.agent.request(operation.method, url, body);
          const label = `${operation.method} ${url} ${JSON.stringify(body)}`;
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toEqual({
            message: FOREIGN_COMPANY_MESSAGE,
            code: 'FORBIDDEN',
          });
        }
      }
    }
    expect(await snapshotOf(suite.alice)).toEqual(before);
  });

  it('answers 403 to a malformed company identifier too, rather than 422', async () => {
    for (const operation of scoped()) {
      const response = await suite.bob.agent.request(
        operation.method,
        urlOf(operation, 'NOT-A-COMPANY', '1'),
        {},
      );
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(403);
    }
  });

  it('still answers 401 first when nobody is signed in', async () => {
    const anonymous = createAgent(suite.ctx.app);
    for (const operation of scoped()) {
      const response = await anonymous.request(
        operation.method,
        urlOf(operation, suite.alice.company, 'abc'),
        {},
      );
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(401);
    }
  });

  it('validates the own company’s requests as before (422 for a bad body or id)', async () => {
    expect(
      (await suite.alice.agent.post(`/api/company/${suite.alice.company}/measurements`, {}))
        .statusCode,
    ).toBe(422);
    expect(
      (await suite.alice.agent.delete(`/api/company/${suite.alice.company}/measurements/abc`))
        .statusCode,
    ).toBe(422);
    expect(
      (await suite.alice.agent.put(`/api/company-info/${suite.alice.company}`, { form: 9 }))
        .statusCode,
    ).toBe(422);
  });
});

describe('the OpenAPI document lists the answers routes give', () => {
  it('declares 403 and 422 on every company route, and 419 on every state-changing one', () => {
    for (const operation of scoped()) {
      const label = `${operation.method} ${operation.path}`;
      expect(Object.keys(operation.responses), label).toEqual(
        expect.arrayContaining(['200', '401', '403', '422']),
      );
      if (operation.method !== 'GET')
        expect(Object.keys(operation.responses), label).toContain('419');
    }
  });

  it('declares the 409 of deleting a unit a material uses', () => {
    const remove = operations.find(
      (operation) =>
        operation.method === 'DELETE' &&
        operation.path === '/api/company/{companyIdentifier}/measurements/{id}',
    );
    expect(Object.keys(remove?.responses ?? {})).toContain('409');
  });

  it('declares 422 as field errors or a message alone on the order calls', () => {
    const approve = operations.find(
      (operation) => operation.path === '/api/calculations/approve-from-user',
    );
    const schema = JSON.stringify(approve?.responses['422']);
    expect(schema).toContain('anyOf');
    expect(schema).toContain('errors');
  });
});
