import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEMPLATE_MESSAGES, apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, SIGNED_IN_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import type { TemplatesService } from './templates.service';

const { templates } = apiRoutes;

/** Categories and the provider's template list for the create-order page (spec §2 "Create order", §7). */
export const templatesRoutes: FastifyPluginAsyncZod<{
  templatesService: TemplatesService;
}> = async (app, { templatesService }) => {
  const signedIn = { tags: ['templates'], errors: SIGNED_IN_ERRORS };

  tableRoute(
    app,
    templates.categories,
    { ...signedIn, summary: 'Service categories as { value, label }' },
    async () => templatesService.listCategories(),
  );

  tableRoute(
    app,
    templates.list,
    { ...signedIn, summary: 'The provider’s templates grouped by category' },
    async () => templatesService.listTemplates(),
  );

  // --- administrator: the templates tab -----------------------------------------------------------------------

  const admin = { tags: ['templates', 'admin'], errors: WRITE_ERRORS };

  tableRoute(
    app,
    templates.adminList,
    {
      ...admin,
      summary: 'Every template with its category and content (JSON text)',
      errors: READ_ERRORS,
    },
    async () => templatesService.listForAdmin(),
  );

  tableRoute(
    app,
    templates.update,
    {
      ...admin,
      summary: 'Rename a template or move it to another category (orders keep their copies)',
    },
    async (request) => {
      await templatesService.updateTemplate(request.params.id, request.body);
      return { message: TEMPLATE_MESSAGES.updated };
    },
  );

  tableRoute(
    app,
    templates.remove,
    { ...admin, summary: 'Delete a template (orders keep their copies)' },
    async (request) => {
      await templatesService.removeTemplate(request.params.id);
      return { message: TEMPLATE_MESSAGES.deleted };
    },
  );
};
