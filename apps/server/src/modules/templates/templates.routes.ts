import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEMPLATE_MESSAGES,
  adminTemplateSchema,
  categoryOptionSchema,
  idParamsSchema,
  messageResponseSchema,
  templateListEntrySchema,
  templateUpdateInputSchema,
} from '@medcalc/domain';
import { READ_ERRORS, SIGNED_IN_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
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

  // --- administrator: the templates tab -----------------------------------------------------------------------

  app.get(
    '/api/get-templates',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['templates', 'admin'],
        summary: 'Every template with its category and content (JSON text)',
        response: { 200: z.array(adminTemplateSchema), ...READ_ERRORS },
      },
    },
    async () => templatesService.listForAdmin(),
  );

  app.put(
    '/api/templates/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['templates', 'admin'],
        summary: 'Rename a template or move it to another category (orders keep their copies)',
        params: idParamsSchema,
        body: templateUpdateInputSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await templatesService.updateTemplate(request.params.id, request.body);
      return { message: TEMPLATE_MESSAGES.updated };
    },
  );

  app.delete(
    '/api/templates/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['templates', 'admin'],
        summary: 'Delete a template (orders keep their copies)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await templatesService.removeTemplate(request.params.id);
      return { message: TEMPLATE_MESSAGES.deleted };
    },
  );
};
