import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@medcalc/domain';

/** `GET /api/health`: answers once the app is built, i.e. after migrations and seeding (see app.ts). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );
};
