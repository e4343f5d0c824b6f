import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeSalaryInputSchema,
  companyParamsSchema,
  companyRowParamsSchema,
  messageResponseSchema,
  savedResponseSchema,
  staffRateInputSchema,
  staffRateSchema,
} from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { companyScopeOf } from '../../plugins/auth';
import { STAFF_MESSAGES, type StaffService } from './staff.service';

/**
 * The staffing table: spec §7 `GET api/get-stuff/{companyId}` and `POST /api/change-salary`, plus two new calls
 * (docs/architecture.md "Calls added to the spec") to add and delete the company's own positions. The spec's
 * spelling "stuff" is kept in the paths. Routes with `{companyIdentifier}` run `app.requireOwnCompany` at
 * `onRequest` (403 for another company before the body is parsed); handlers take the company from the session.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staffService: StaffService }> = async (
  app,
  { staffService: service },
) => {
  app.get(
    '/api/get-stuff/:companyIdentifier',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['staff'],
        summary: "The company's staffing table",
        params: companyParamsSchema,
        response: { 200: z.array(staffRateSchema), ...READ_ERRORS },
      },
    },
    async (request) => service.list(companyScopeOf(request).companyId),
  );

  app.post(
    '/api/change-salary',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['staff'],
        summary: "Change the salary of a row of the user's company",
        body: changeSalaryInputSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      // No company in the URL: the company is the session's, and a row of another company is 404.
      await service.changeSalary(companyScopeOf(request).companyId, request.body);
      return { message: STAFF_MESSAGES.salarySaved };
    },
  );

  app.post(
    '/api/company/:companyIdentifier/stuff',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['staff'],
        summary:
          'Add a position to the company’s staffing table (answers the toast and the new row)',
        params: companyParamsSchema,
        body: staffRateInputSchema,
        response: { 200: savedResponseSchema(staffRateSchema), ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      const data = await service.create(companyId, request.body);
      return { message: STAFF_MESSAGES.created, data };
    },
  );

  app.delete(
    '/api/company/:companyIdentifier/stuff/:id',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['staff'],
        summary: "Delete a position of the company's staffing table",
        params: companyRowParamsSchema,
        response: { 200: messageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      await service.remove(companyId, request.params.id);
      return { message: STAFF_MESSAGES.deleted };
    },
  );
};
