import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { DATABASE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import type { HealthService } from './health.service';

/**
 * `GET /api/health` (liveness): answers once the app is built, i.e. after migrations and seeding (see app.ts), and
 * touches nothing else. `GET /api/health/ready` (readiness): 200 while the database answers a trivial query within
 * a second, 503 otherwise (README "Health checks").
 */
export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (
  app,
  { healthService },
) => {
  tableRoute(app, apiRoutes.system.health, { tags: ['system'], summary: 'Liveness' }, async () => ({
    status: 'ok' as const,
  }));
  tableRoute(
    app,
    apiRoutes.system.ready,
    {
      tags: ['system'],
      summary: 'Readiness: the database answers within 1 s (503 otherwise)',
      errors: { 503: DATABASE_ERRORS[503] },
    },
    async () => {
      await healthService.checkReady();
      return { status: 'ok' as const };
    },
  );
};
