import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FORBIDDEN_MESSAGE,
  apiRoutes,
  OBLASTS,
  OWNER_ONLY_MESSAGE,
  VIEWER_READ_ONLY_MESSAGE,
  type ApiRoute,
} from '@medcalc/domain';
import { joinAsMember, registerUser, useSuite, buildTestApp, type Agent } from './helper';
import { dumpDatabase } from './route-table';

/*
 * Issue 22: every call of the route table whose access is 'edit', 'members' or 'activity', made by each role. The
 * list is generated from `apiRoutes`, so a new call cannot be forgotten: a viewer's write answers 403 with the
 * read-only message, an economist's members call 403 with the owner-only message, and nothing changes; every
 * other pair gets past the role check (whatever the call then answers for the made-up parameters).
 */

const ROLE_CHECKED = ['edit', 'members', 'activity'] as const;
const routes = Object.values(apiRoutes)
  .flatMap((group) => Object.values(group as Record<string, ApiRoute>))
  .filter((route) => (ROLE_CHECKED as readonly string[]).includes(route.access));

const s = useSuite(async () => {
  const ctx = await buildTestApp();
  const owner = await registerUser(ctx.app);
  const economist = await joinAsMember(ctx, owner.agent, 'economist');
  const viewer = await joinAsMember(ctx, owner.agent, 'viewer');
  // The company takes part in the tariff comparison (issue 41), whose reads answer 403 to a company that does not,
  // whatever the role: so every read below meets only the role check.
  const joined = await owner.agent.put(
    `/api/company/${owner.user.companyIdentifier}/tariff-comparison/participation`,
    { participates: true, oblast: OBLASTS[0] },
  );
  if (joined.statusCode !== 200) throw new Error(`taking part was refused: ${joined.body}`);
  return {
    ctx,
    company: owner.user.companyIdentifier,
    agents: { owner: owner.agent, economist: economist.agent, viewer: viewer.agent } as Record<
      'owner' | 'economist' | 'viewer',
      Agent
    >,
  };
});

/** The route's URL with its parameters filled: the caller's own company, ids that name no row. */
const urlOf = (route: ApiRoute) =>
  route.path
    .replace(':companyIdentifier', s.company)
    .replace(':table', 'staff')
    .replace(':importId', 'nosuchimport')
    .replace(':identifier', 'nosuchrow')
    .replace(':id', '999999');

const call = (agent: Agent, route: ApiRoute) =>
  agent.request(route.method, urlOf(route), route.method === 'GET' ? undefined : {});

/** The 403 a role without the permission gets. */
const REFUSAL: Record<(typeof ROLE_CHECKED)[number], string> = {
  edit: VIEWER_READ_ONLY_MESSAGE,
  members: OWNER_ONLY_MESSAGE,
  activity: ACTIVITY_FORBIDDEN_MESSAGE,
};

describe('role checks on every role-checked call (generated from apiRoutes)', () => {
  it('covers the calls of every role-checked kind', () => {
    for (const access of ROLE_CHECKED)
      expect(routes.filter((route) => route.access === access).length, access).toBeGreaterThan(0);
    expect(routes.length).toBeGreaterThan(25);
  });

  it('refuses a viewer every edit, members and activity call with 403, changing nothing', async () => {
    const before = await dumpDatabase(s.ctx.database);
    for (const route of routes) {
      const response = await call(s.agents.viewer, route);
      const label = `${route.method} ${route.path}`;
      expect(response.statusCode, label).toBe(403);
      expect(response.json(), label).toEqual({
        message: REFUSAL[route.access as keyof typeof REFUSAL],
        code: 'FORBIDDEN',
      });
    }
    expect(await dumpDatabase(s.ctx.database)).toEqual(before);
  });

  it('refuses an economist every members call with the owner-only 403, and lets the rest past', async () => {
    const before = await dumpDatabase(s.ctx.database);
    for (const route of routes.filter((entry) => entry.access === 'members')) {
      const response = await call(s.agents.economist, route);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json()).toEqual({ message: OWNER_ONLY_MESSAGE, code: 'FORBIDDEN' });
    }
    expect(await dumpDatabase(s.ctx.database)).toEqual(before);
    for (const route of routes.filter((entry) => entry.access !== 'members')) {
      const response = await call(s.agents.economist, route);
      expect(response.statusCode, `${route.method} ${route.path} ${response.body}`).not.toBe(403);
    }
  });

  it('lets the owner past the role check of every call', async () => {
    for (const route of routes) {
      const response = await call(s.agents.owner, route);
      expect(response.statusCode, `${route.method} ${route.path} ${response.body}`).not.toBe(403);
    }
  });

  it('lets a viewer read and download: its reads are not refused', async () => {
    const reads = Object.values(apiRoutes)
      .flatMap((group) => Object.values(group as Record<string, ApiRoute>))
      .filter((route) => route.access === 'read');
    expect(reads.length).toBeGreaterThan(15);
    for (const route of reads) {
      const response = await call(s.agents.viewer, route);
      expect(response.statusCode, `${route.method} ${route.path} ${response.body}`).not.toBe(403);
    }
  });
});
