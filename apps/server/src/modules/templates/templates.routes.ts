import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryOptionSchema, templateListEntrySchema } from '@medcalc/domain';
import { SIGNED_IN_ERRORS } from '../../lib/route-errors';
import type { TemplatesService } from './templates.service';

/** Categories and the provider's template list for the create-order page (spec §2 "Create order", §7). */
export const templatesRoutes: FastifyPluginAsyncZod<{
  templatesService: TemplatesService;
}> = async (app, { templatesService }) => {
  app.get(
    '/api/get-categories',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['templates'],
        summary: 'Service categories as { value, label }',
        response: { 200: z.array(categoryOptionSchema), ...SIGNED_IN_ERRORS },
      },
    },
    async () => templatesService.listCategories(),
  );

  app.get(
    '/api/get-templates-list',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['templates'],
        summary: 'The provider’s templates grouped by category',
        response: { 200: z.array(templateListEntrySchema), ...SIGNED_IN_ERRORS },
      },
    },
    async () => templatesService.listTemplates(),
  );
};
