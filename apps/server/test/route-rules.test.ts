import { describe, expect, it } from 'vitest';
import { apiRoutes, type ApiRoute } from '@medcalc/domain';
import { ROUTE_RULES, ruleKey } from './route-rules';

// The sweeps (isolation-sweep, fuzz-sweep) fail for a route the app registers without a rule; this catches a call
// added to the domain's route table (`apiRoutes`) before any server registers it.
describe('ROUTE_RULES', () => {
  const tableRoutes = Object.values(apiRoutes).flatMap((group) =>
    Object.values(group as Record<string, ApiRoute>),
  );

  it.each(tableRoutes.map((route) => [ruleKey(route)]))('has a rule for %s', (key) => {
    expect(ROUTE_RULES[key], `no rule for ${key} in test/route-rules.ts`).toBeDefined();
  });
});
