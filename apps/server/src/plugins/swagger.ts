import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the same zod route schemas that validate requests; UI at /api/docs. */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MedCalc API',
        description:
          'API of medcalc: cost and price of paid medical services. State-changing calls need the ' +
          'XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header (get it from GET /sanctum/csrf-cookie).',
        version: '0.1.0',
      },
      tags: [
        { name: 'session', description: 'Session and recovery (spec §7)' },
        { name: 'system' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
