import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { SIGNED_IN_ERRORS, READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import type { CompaniesService } from '../companies/companies.service';
import { PILL_MESSAGES, type PillsService } from './pills.service';

const { pills } = apiRoutes;

/**
 * Materials ("pills"), spec §7 "Company reference data", "Shared (template-level) reference data" and the
 * wizard's lists in "Orders and calculations". Guards run at `onRequest`, before the body is parsed:
 * `app.requireOwnCompany` answers 403 for another company's `{companyIdentifier}` whatever was sent, and the
 * handler passes the session's company (`companyScopeOf`) to the service, never the URL's.
 */
export const pillsRoutes: FastifyPluginAsyncZod<{
  pillsService: PillsService;
  companiesService: Pick<CompaniesService, 'idOfIdentifier'>;
}> = async (app, { pillsService: service, companiesService: companies }) => {
  tableRoute(
    app,
    pills.templateList,
    {
      guard: app.requireUser,
      tags: ['pills'],
      summary: 'All template materials',
      errors: SIGNED_IN_ERRORS,
    },
    async () => service.list(null),
  );

  // --- the company's own materials ---------------------------------------------------------------------------

  const own = { guard: app.requireOwnCompany, tags: ['pills'] };
  const ownRead = { ...own, errors: READ_ERRORS };
  const ownWrite = { ...own, errors: WRITE_ERRORS };

  tableRoute(
    app,
    pills.ownPage,
    { ...ownRead, summary: "One page of the company's own materials" },
    async (request) => service.page(companyScopeOf(request).companyId, request.query),
  );

  tableRoute(
    app,
    pills.ownList,
    { ...ownRead, summary: "All of the company's own materials" },
    async (request) => service.list(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    pills.allList,
    {
      ...ownRead,
      summary:
        "Template materials, then the company's own (companyIdentifier null marks a template one)",
    },
    async (request) => service.listTemplateAndOwn(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    pills.create,
    { ...ownWrite, summary: 'Add a material of the company' },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      return {
        message: PILL_MESSAGES.created,
        data: await service.create(companyId, request.body),
      };
    },
  );

  tableRoute(
    app,
    pills.update,
    { ...ownWrite, summary: 'Change a material of the company' },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      return {
        message: PILL_MESSAGES.updated,
        data: await service.update(companyId, request.params.id, request.body),
      };
    },
  );

  tableRoute(
    app,
    pills.remove,
    {
      ...ownWrite,
      summary: 'Delete a material of the company (calculations keep their own copy)',
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      await service.remove(companyId, request.params.id);
      return { message: PILL_MESSAGES.deleted };
    },
  );

  // --- administrator: template materials and the materials companies made ------------------------------------

  const admin = { guard: app.requireAdmin, tags: ['pills', 'admin'] };
  const adminRead = { ...admin, errors: READ_ERRORS };
  const adminWrite = { ...admin, errors: WRITE_ERRORS };

  tableRoute(
    app,
    pills.templatePage,
    { ...adminRead, summary: 'One page of the template materials' },
    async (request) => service.page(null, request.query),
  );

  tableRoute(
    app,
    pills.companiesPage,
    {
      ...adminRead,
      summary: "One page of the companies' own materials, with their author company",
    },
    async (request) => service.pageOfCompanies(request.query),
  );

  tableRoute(
    app,
    pills.createTemplate,
    {
      ...adminWrite,
      summary: 'Add a template material; with companyIdentifier, add it to that company',
    },
    async (request) => {
      const { companyIdentifier, ...input } = request.body;
      // Spec §6: the administrator may add one for a chosen company (unknown company 404).
      const owner =
        companyIdentifier === undefined ? null : await companies.idOfIdentifier(companyIdentifier);
      return { message: PILL_MESSAGES.created, data: await service.create(owner, input) };
    },
  );

  tableRoute(
    app,
    pills.updateTemplate,
    { ...adminWrite, summary: 'Change a template material' },
    async (request) => ({
      message: PILL_MESSAGES.updated,
      data: await service.update(null, request.params.id, request.body),
    }),
  );

  tableRoute(
    app,
    pills.removeTemplate,
    { ...adminWrite, summary: 'Delete a template material' },
    async (request) => {
      await service.remove(null, request.params.id);
      return { message: PILL_MESSAGES.deleted };
    },
  );
};
