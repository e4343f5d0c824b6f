import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import { STAFF_MESSAGES, type StaffService } from './staff.service';

const { staff } = apiRoutes;

/**
 * The staffing table: spec §7 `GET api/get-stuff/{companyId}` and `POST /api/change-salary`, plus two new calls
 * (docs/decisions.md "Calls added to the spec") to add and delete the company's own positions. The spec's
 * spelling "stuff" is kept in the paths. Routes with `{companyIdentifier}` run `app.requireOwnCompany` at
 * `onRequest` (403 for another company before the body is parsed); handlers take the company from the session.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staffService: StaffService }> = async (
  app,
  { staffService: service },
) => {
  const own = { tags: ['staff'], errors: WRITE_ERRORS };

  tableRoute(
    app,
    staff.list,
    { ...own, summary: "The company's staffing table", errors: READ_ERRORS },
    async (request) => service.list(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    staff.changeSalary,
    { ...own, summary: "Change the salary of a row of the user's company" },
    async (request) => {
      // No company in the URL: the company is the session's, and a row of another company is 404.
      await service.changeSalary(companyScopeOf(request), request.body);
      return { message: STAFF_MESSAGES.salarySaved };
    },
  );

  tableRoute(
    app,
    staff.create,
    {
      ...own,
      summary: 'Add a position to the company’s staffing table (answers the toast and the new row)',
    },
    async (request) => {
      const data = await service.create(companyScopeOf(request), request.body);
      return { message: STAFF_MESSAGES.created, data };
    },
  );

  tableRoute(
    app,
    staff.remove,
    { ...own, summary: "Delete a position of the company's staffing table" },
    async (request) => {
      await service.remove(companyScopeOf(request), request.params.id);
      return { message: STAFF_MESSAGES.deleted };
    },
  );

  tableRoute(
    app,
    staff.usage,
    {
      ...own,
      summary: 'The orders whose staff lines point at a row of the staffing table',
      errors: READ_ERRORS,
    },
    async (request) => service.usage(companyScopeOf(request).companyId, request.params.id),
  );
};
