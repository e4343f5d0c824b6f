import { afterAll, beforeAll } from 'vitest';
import { routeTable } from './route-table';
import { buildTenants, type Tenants } from './tenants';

/** The tenants of {@link buildTenants} with the app's route table (test/route-table.ts), for a sweep. */
export type TenantSweep = Tenants & { table: ReturnType<typeof routeTable> };

/**
 * {@link buildTenants} and the route table for a whole test file (the sweeps): built in `beforeAll`, the app
 * closed in `afterAll`. Read its fields inside tests and hooks, not at module level.
 */
export function useTenantSweep(): TenantSweep {
  const sweep = {} as TenantSweep;
  beforeAll(async () => {
    const tenants = await buildTenants();
    Object.assign(sweep, tenants, { table: routeTable(tenants.routes) });
  }, 120_000);
  afterAll(async () => {
    await (sweep.ctx as Tenants['ctx'] | undefined)?.close();
  });
  return sweep;
}
