import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf, sessionUserOf } from '../../plugins/auth';
import {
  EQUIPMENT_SERVICE_MESSAGES,
  type EquipmentOwner,
  type EquipmentService,
} from './equipment.service';

const { equipment } = apiRoutes;

/** The session's company (never the URL's: `app.requireOwnCompany` has answered 403 for another one already). */
const ownerOf = (request: FastifyRequest): EquipmentOwner => ({
  scope: companyScopeOf(request),
  companyIdentifier: sessionUserOf(request).companyIdentifier,
});

/**
 * The equipment register (issue 38): list, add, edit, delete a company's equipment and name the orders that use a
 * row (docs/decisions.md "Calls added to the spec"). Reading is every member's; writing the editors'.
 */
export const equipmentRoutes: FastifyPluginAsyncZod<{
  equipmentService: EquipmentService;
}> = async (app, { equipmentService: service }) => {
  const own = { tags: ['equipment'], errors: WRITE_ERRORS };

  tableRoute(
    app,
    equipment.list,
    { ...own, summary: "The company's equipment register", errors: READ_ERRORS },
    async (request) => service.list(ownerOf(request)),
  );

  tableRoute(
    app,
    equipment.create,
    {
      ...own,
      summary: 'Add equipment to the company’s register (answers the toast and the new row)',
    },
    async (request) => {
      const data = await service.create(ownerOf(request), request.body);
      return { message: EQUIPMENT_SERVICE_MESSAGES.created, data };
    },
  );

  tableRoute(
    app,
    equipment.update,
    { ...own, summary: 'Change a row of the company’s equipment register' },
    async (request) => {
      const data = await service.update(ownerOf(request), request.params.id, request.body);
      return { message: EQUIPMENT_SERVICE_MESSAGES.updated, data };
    },
  );

  tableRoute(
    app,
    equipment.remove,
    { ...own, summary: 'Delete a row of the company’s equipment register' },
    async (request) => {
      await service.remove(companyScopeOf(request), request.params.id);
      return { message: EQUIPMENT_SERVICE_MESSAGES.deleted };
    },
  );

  tableRoute(
    app,
    equipment.usage,
    {
      ...own,
      summary: 'The orders whose equipment lines point at a row of the register',
      errors: READ_ERRORS,
    },
    async (request) => service.usage(companyScopeOf(request).companyId, request.params.id),
  );
};
