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
      await service.remove(ownerOf(request), request.params.id);
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

  tableRoute(
    app,
    equipment.allList,
    {
      ...own,
      summary:
        "The template equipment, then the company's own (what a wizard line may name; companyIdentifier null marks a template row)",
      errors: READ_ERRORS,
    },
    async (request) => service.listTemplateAndOwn(ownerOf(request)),
  );

  // The administrator's template equipment (the rows the provider's templates' lines name).
  const admin = { tags: ['equipment'], errors: WRITE_ERRORS };
  tableRoute(
    app,
    equipment.templateList,
    { ...admin, summary: 'The template equipment', errors: READ_ERRORS },
    async () => service.listTemplates(),
  );

  tableRoute(
    app,
    equipment.createTemplate,
    { ...admin, summary: 'Add template equipment' },
    async (request) => {
      const data = await service.createTemplate(request.body);
      return { message: EQUIPMENT_SERVICE_MESSAGES.templateCreated, data };
    },
  );

  tableRoute(
    app,
    equipment.updateTemplate,
    { ...admin, summary: 'Change template equipment' },
    async (request) => {
      const data = await service.updateTemplate(request.params.id, request.body);
      return { message: EQUIPMENT_SERVICE_MESSAGES.templateUpdated, data };
    },
  );

  tableRoute(
    app,
    equipment.removeTemplate,
    { ...admin, summary: 'Delete template equipment (calculations keep their own copy of a line)' },
    async (request) => {
      await service.removeTemplate(request.params.id);
      return { message: EQUIPMENT_SERVICE_MESSAGES.templateDeleted };
    },
  );
};
