import { describe, expect, it } from 'vitest';
import { apiRoutes, memberCan, type ApiRoute, type MemberRole } from '@medcalc/domain';
import { createAgent, joinAsMember, type Agent } from './helper';
import { ruleKey, type Attempt } from './route-rules';
import { dumpDatabase, isDocumentedError } from './route-table';
import { useTenantSweep } from './tenant-sweep';
import type { Tenant } from './tenants';

/** Every entry of the domain's route table (issue 22: each says who may call it). */
const TABLE_ROUTES: ApiRoute[] = Object.values(apiRoutes).flatMap((group) =>
  Object.values(group as Record<string, ApiRoute>),
);

// Issue 12 "Security and isolation": sweeps built from the server's own route table (the onRoute hook), so a
// route added later is covered at once, and one without a scoping rule in test/route-rules.ts fails here.

const t = useTenantSweep();

describe('the route table', () => {
  it('gives every route of the app a scoping rule, and has no rule for a route that is gone', () => {
    expect(t.table.all.length).toBeGreaterThan(60);
    expect(t.table.unruled, 'routes without a rule in test/route-rules.ts').toEqual([]);
    expect(t.table.stale, 'rules in test/route-rules.ts for routes the app no longer has').toEqual(
      [],
    );
  });

  it('guards every company, own-session and admin route at onRequest', () => {
    for (const scope of ['company', 'admin-only'] as const) {
      for (const { key, route } of t.table.withRule(scope)) {
        expect(route.onRequest, key).toBeDefined();
      }
    }
  });
});

/** The markers and e-mail of B that must never appear in an answer to A, unless A sent them itself. */
function leaksOf(body: string, sent: string): string[] {
  const { b } = t;
  return [b.marker, b.email, ...b.calculationIdentifiers].filter(
    (secret) => body.includes(secret) && !sent.includes(secret),
  );
}

/**
 * One attempt of A's caller at B's data: answered with one of `allowed`, a refusal in the documented shape, and
 * nothing of B in the answer that the caller did not send itself.
 */
async function expectAnswered(
  agent: Agent,
  method: Parameters<Agent['request']>[0],
  attempt: Attempt,
  allowed: number[],
  label: string,
) {
  const response = await agent.request(method, attempt.url, attempt.body);
  expect(allowed, `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`).toContain(
    response.statusCode,
  );
  if (response.statusCode >= 400)
    expect(isDocumentedError(response.json()), `${label} ${response.body}`).toBe(true);
  expect(leaksOf(response.body, JSON.stringify(attempt.body ?? '') + attempt.url), label).toEqual(
    [],
  );
  return response;
}

describe('tenant isolation: A names B’s identifiers', () => {
  it('answers only 403/404/422 (or a read of A’s own data), leaks nothing of B and changes nothing', async () => {
    const before = await dumpDatabase(t.ctx.database);
    const mailsBefore = t.ctx.mails.length;
    let attempts = 0;
    for (const scope of ['company', 'guest', 'own-session'] as const) {
      for (const { key, method, rule } of t.table.withRule(scope)) {
        const tries = rule.foreign?.(t.a, t.b) ?? [];
        if (scope === 'company') expect(tries.length, `${key} has no attempts`).toBeGreaterThan(0);
        for (const attempt of tries) {
          // Guests are tried signed out, like a stranger would.
          const agent = scope === 'guest' ? createAgent(t.ctx.app, { ip: '10.9.9.9' }) : t.a.agent;
          const label = `${key} ${attempt.label ?? ''} ${attempt.url} ${JSON.stringify(attempt.body)?.slice(0, 200)}`;
          const allowed = attempt.allow ?? [403, 404, 422];
          const response = await expectAnswered(agent, method, attempt, allowed, label);
          if (attempt.errorKey) {
            const keys = Object.keys((response.json() as { errors?: object }).errors ?? {});
            expect(
              keys.some((key) => attempt.errorKey?.test(key)),
              `${label}: ${keys.join(', ')}`,
            ).toBe(true);
          }
          attempts += 1;
        }
      }
    }
    expect(attempts).toBeGreaterThan(60);
    expect(t.ctx.mails.length, 'no e-mail was sent').toBe(mailsBefore);
    expect(await dumpDatabase(t.ctx.database)).toEqual(before);
  }, 120_000);

  // Issue 22: the members who joined A by invitation reach nothing of B either; a call their role may not make
  // is refused with 403 before anything else.
  it.each(['economist', 'viewer'] as const)(
    'answers the same to A’s %s, who reaches nothing of B',
    async (role: Exclude<MemberRole, 'owner'>) => {
      const before = await dumpDatabase(t.ctx.database);
      const agent = t.a[role];
      let attempts = 0;
      for (const { key, method, rule } of t.table.withRule('company')) {
        const route = TABLE_ROUTES.find((entry) => ruleKey(entry) === key);
        const access = route?.access;
        const permitted =
          access === 'read' || access === 'edit' || access === 'members' || access === 'activity'
            ? memberCan(role, access)
            : true;
        for (const attempt of rule.foreign(t.a, t.b)) {
          const label = `${role} ${key} ${attempt.url}`;
          const allowed = permitted ? (attempt.allow ?? [403, 404, 422]) : [403];
          await expectAnswered(agent, method, attempt, allowed, label);
          attempts += 1;
        }
      }
      expect(attempts).toBeGreaterThan(60);
      expect(await dumpDatabase(t.ctx.database)).toEqual(before);
    },
    120_000,
  );

  it('still lets B read its own data afterwards', async () => {
    const own = await t.b.agent.get(`/api/orders/${t.b.orders.formed}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(t.b.marker);
  });
});

/** A URL for a route whose parameters are filled with plausible values (B's ids, or `tenant`'s, where they exist). */
function urlWithParams(url: string, tenant: Tenant = t.b): string {
  return url
    .replace(':companyIdentifier', tenant.company)
    .replace(':companyId', tenant.company)
    .replace(':identifier', tenant.orders.formed)
    .replace(':id', String(tenant.pillId))
    .replace('*', 'x');
}

/**
 * Every company and own-session route answers `agent` 401 in the documented shape, with the parameters of each of
 * `tenants` (logging out without a session is a no-op, not an error).
 */
async function expectEveryCompanyRoute401(agent: Agent, tenants: Tenant[] = [t.b]) {
  let calls = 0;
  for (const { key, method, url } of [
    ...t.table.withRule('company'),
    ...t.table.withRule('own-session'),
  ]) {
    if (key === 'POST /logout') continue;
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    for (const target of new Set(tenants.map((tenant) => urlWithParams(url, tenant)))) {
      const response = await agent.request(method, target, body);
      expect(response.statusCode, `${key} ${target}`).toBe(401);
      expect(isDocumentedError(response.json()), key).toBe(true);
      calls += 1;
    }
  }
  expect(calls).toBeGreaterThan(50);
}

describe('admin sweep', () => {
  it('answers 403 to a company user and 401 signed out on every admin-only route, changing nothing', async () => {
    const before = await dumpDatabase(t.ctx.database);
    const routes = t.table.withRule('admin-only');
    expect(routes.length).toBeGreaterThan(15);
    const anonymous = createAgent(t.ctx.app);
    for (const { key, method, url } of routes) {
      const target = urlWithParams(url);
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const asUser = await t.a.agent.request(method, target, body);
      expect(asUser.statusCode, `${key} as a company user`).toBe(403);
      expect(isDocumentedError(asUser.json()), key).toBe(true);
      const signedOut = await anonymous.request(method, target, body);
      expect(signedOut.statusCode, `${key} signed out`).toBe(401);
      expect(isDocumentedError(signedOut.json()), key).toBe(true);
    }
    expect(await dumpDatabase(t.ctx.database)).toEqual(before);
  });

  it('answers 401 signed out on every company route', async () => {
    await expectEveryCompanyRoute401(createAgent(t.ctx.app));
  });

  // Issue 22: removal deletes the member's account, so their cookie (and its XSRF token) is a stranger's.
  it('answers 401 to a removed member’s cookie on every company route, their former company’s included', async () => {
    const member = await joinAsMember(t.ctx, t.a.agent, 'economist', 'Колишній Працівник');
    expect((await member.agent.get(`/api/orders/${t.a.orders.formed}`)).statusCode).toBe(200);
    const removed = await t.a.agent.delete(`/api/members/${member.identifier}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const before = await dumpDatabase(t.ctx.database);
    await expectEveryCompanyRoute401(member.agent, [t.a, t.b]);
    expect(await dumpDatabase(t.ctx.database)).toEqual(before);
  });
});
