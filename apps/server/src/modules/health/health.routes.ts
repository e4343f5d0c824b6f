import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { tableRoute } from '../../lib/table-route';

/** `GET /api/health`: answers once the app is built, i.e. after migrations and seeding (see app.ts). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  tableRoute(app, apiRoutes.system.health, { tags: ['system'], summary: 'Liveness' }, async () => ({
    status: 'ok' as const,
  }));
};
