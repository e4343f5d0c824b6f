import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changeSalaryInputSchema,
  companyParamsSchema,
  companyRowParamsSchema,
  messageResponseSchema,
  savedResponseSchema,
  staffRateInputSchema,
  staffRateSchema,
  validationErrorSchema,
} from '@medcalc/domain';
import { ownCompanyId } from '../../lib/company-scope';
import { sessionUserOf } from '../../lib/session-user';
import { STAFF_MESSAGES, type StaffService } from './staff.service';

const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = {
  ...readErrors,
  404: apiErrorSchema,
  419: apiErrorSchema,
  422: validationErrorSchema,
};

/**
 * The staffing table: spec §7 `GET api/get-stuff/{companyId}` and `POST /api/change-salary`, plus two new calls
 * (docs/architecture.md "Calls added to the spec") to add and delete the company's own positions. The spec's
 * spelling "stuff" is kept in the paths.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staffService: StaffService }> = async (
  app,
  { staffService: service },
) => {
  app.get(
    '/api/get-stuff/:companyIdentifier',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['staff'],
        summary: "The company's staffing table",
        params: companyParamsSchema,
        response: { 200: z.array(staffRateSchema), ...readErrors },
      },
    },
    async (request) =>
      service.list(ownCompanyId(sessionUserOf(request), request.params.companyIdentifier)),
  );

  app.post(
    '/api/change-salary',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['staff'],
        summary: "Change the salary of a row of the user's company",
        body: changeSalaryInputSchema,
        response: { 200: messageResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      // No company in the URL: the company is the session's, and a row of another company is 404.
      await service.changeSalary(sessionUserOf(request).companyId, request.body);
      return { message: STAFF_MESSAGES.salarySaved };
    },
  );

  app.post(
    '/api/company/:companyIdentifier/stuff',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['staff'],
        summary: 'Add a position to the company’s staffing table (answers the toast and the new row)',
        params: companyParamsSchema,
        body: staffRateInputSchema,
        response: { 200: savedResponseSchema(staffRateSchema), ...writeErrors },
      },
    },
    async (request) => {
      const companyId = ownCompanyId(sessionUserOf(request), request.params.companyIdentifier);
      const data = await service.create(companyId, request.body);
      return { message: STAFF_MESSAGES.created, data };
    },
  );

  app.delete(
    '/api/company/:companyIdentifier/stuff/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['staff'],
        summary: "Delete a position of the company's staffing table",
        params: companyRowParamsSchema,
        response: { 200: messageResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const companyId = ownCompanyId(sessionUserOf(request), request.params.companyIdentifier);
      await service.remove(companyId, request.params.id);
      return { message: STAFF_MESSAGES.deleted };
    },
  );
};
