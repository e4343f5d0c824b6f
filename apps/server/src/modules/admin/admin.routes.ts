import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEMPLATE_CREATED_MESSAGE, apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { ADMIN_MESSAGES, type AdminService } from './admin.service';

/**
 * The admin panel's calculations tab (spec §2 Admin panel "Calculations", §7): one company's calculations and
 * their promotion into templates; and the copy of another company's material or unit into the templates. Administrators only (403 for a company user, 401 signed out), checked at
 * `onRequest`, before the body is read.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ adminService: AdminService }> = async (
  app,
  { adminService },
) => {
  tableRoute(
    app,
    apiRoutes.admin.companyCalculations,
    {
      tags: ['calculations', 'admin'],
      summary: "One company's calculations, any order status, newest updated first",
      errors: READ_ERRORS,
    },
    async (request) => adminService.calculationsOfCompany(request.params.companyId),
  );

  tableRoute(
    app,
    apiRoutes.templates.addFromCalculation,
    {
      tags: ['calculations', 'templates', 'admin'],
      summary:
        'Make a template of a calculation (company materials and units it needs become template ones)',
      errors: WRITE_ERRORS,
    },
    async (request) => ({
      message: TEMPLATE_CREATED_MESSAGE,
      templateId: await adminService.addToTemplate(request.body),
    }),
  );

  // Admin panel → Materials / Units → other companies: copy an item into the templates (beside add-to-template,
  // whose steps they share). A template item of that name already there is a 422 under `name`.
  tableRoute(
    app,
    apiRoutes.pills.copyToTemplates,
    {
      tags: ['pills', 'templates', 'admin'],
      summary: "Copy a company's material into the templates (its unit becomes a standard one)",
      errors: WRITE_ERRORS,
    },
    async (request) => ({
      message: ADMIN_MESSAGES.materialCopied,
      data: await adminService.copyPillToTemplates(request.params.id),
    }),
  );

  tableRoute(
    app,
    apiRoutes.measurements.copyToTemplates,
    {
      tags: ['measurements', 'templates', 'admin'],
      summary: "Copy a company's unit into the standard ones",
      errors: WRITE_ERRORS,
    },
    async (request) => ({
      message: ADMIN_MESSAGES.unitCopied,
      data: await adminService.copyMeasurementToTemplates(request.params.id),
    }),
  );
};
