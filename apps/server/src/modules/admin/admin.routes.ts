import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEMPLATE_CREATED_MESSAGE,
  addToTemplateInputSchema,
  addToTemplateResponseSchema,
  adminCalculationSchema,
  adminCompanyParamsSchema,
} from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import type { AdminService } from './admin.service';

/**
 * The admin panel's calculations tab (spec §2 Admin panel "Calculations", §7): one company's calculations and
 * their promotion into templates. Administrators only (403 for a company user, 401 signed out), checked at
 * `onRequest`, before the body is read.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ adminService: AdminService }> = async (
  app,
  { adminService },
) => {
  app.get(
    '/api/company/:companyId/calculations/calculations-list',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['calculations', 'admin'],
        summary: "One company's calculations, any order status, newest updated first",
        params: adminCompanyParamsSchema,
        response: { 200: z.array(adminCalculationSchema), ...READ_ERRORS },
      },
    },
    async (request) => adminService.calculationsOfCompany(request.params.companyId),
  );

  app.post(
    '/api/calculations/add-to-template',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['calculations', 'templates', 'admin'],
        summary:
          'Make a template of a calculation (company materials and units it needs become template ones)',
        body: addToTemplateInputSchema,
        response: { 200: addToTemplateResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      message: TEMPLATE_CREATED_MESSAGE,
      templateId: await adminService.addToTemplate(request.body),
    }),
  );
};
