import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { SIGNED_IN_ERRORS, READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import type { CompaniesService } from '../companies/companies.service';
import { MEASUREMENT_MESSAGES, type MeasurementsService } from './measurements.service';

const { measurements } = apiRoutes;

/**
 * Units of measurement, spec §7 "Company reference data" and "Shared (template-level) reference data". The
 * guards run at `onRequest`, before the body is parsed, so a caller without the right gets 401/403 whatever it
 * sent: `app.requireOwnCompany` answers 403 for another company's `{companyIdentifier}`, and the handler passes the
 * session's company (`companyScopeOf`) to the service, never the URL's.
 */
export const measurementsRoutes: FastifyPluginAsyncZod<{
  measurementsService: MeasurementsService;
  companiesService: Pick<CompaniesService, 'idOfIdentifier'>;
}> = async (app, { measurementsService: service, companiesService: companies }) => {
  tableRoute(
    app,
    measurements.standardOptions,
    {
      guard: app.requireUser,
      tags: ['measurements'],
      summary: 'Standard units as dropdown options',
      errors: SIGNED_IN_ERRORS,
    },
    async () => service.listStandardOptions(),
  );

  // --- the company's own units -------------------------------------------------------------------------------

  const own = { guard: app.requireOwnCompany, tags: ['measurements'] };
  const ownRead = { ...own, errors: READ_ERRORS };
  const ownWrite = { ...own, errors: WRITE_ERRORS };

  tableRoute(
    app,
    measurements.ownPage,
    { ...ownRead, summary: "One page of the company's own units" },
    async (request) => service.page(companyScopeOf(request).companyId, request.query),
  );

  tableRoute(
    app,
    measurements.ownList,
    { ...ownRead, summary: "All of the company's own units" },
    async (request) => service.list(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    measurements.create,
    { ...ownWrite, summary: 'Add a unit of the company' },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      return {
        message: MEASUREMENT_MESSAGES.created,
        data: await service.create(companyId, request.body),
      };
    },
  );

  tableRoute(
    app,
    measurements.update,
    { ...ownWrite, summary: 'Rename a unit of the company' },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      const data = await service.update(companyId, request.params.id, request.body);
      return { message: MEASUREMENT_MESSAGES.updated, data };
    },
  );

  tableRoute(
    app,
    measurements.remove,
    { ...ownWrite, summary: 'Delete a unit of the company (refused while a material uses it)' },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      await service.remove(companyId, request.params.id);
      return { message: MEASUREMENT_MESSAGES.deleted };
    },
  );

  // --- administrator: standard units and the units companies made --------------------------------------------

  const admin = { guard: app.requireAdmin, tags: ['measurements', 'admin'] };
  const adminRead = { ...admin, errors: READ_ERRORS };
  const adminWrite = { ...admin, errors: WRITE_ERRORS };

  tableRoute(
    app,
    measurements.templatePage,
    { ...adminRead, summary: 'One page of the standard units' },
    async (request) => service.page(null, request.query),
  );

  tableRoute(
    app,
    measurements.companiesPage,
    { ...adminRead, summary: "One page of the companies' own units, with their author company" },
    async (request) => service.pageOfCompanies(request.query),
  );

  tableRoute(
    app,
    measurements.createTemplate,
    {
      ...adminWrite,
      summary: 'Add a standard unit; with companyIdentifier, add it to that company',
    },
    async (request) => {
      const { companyIdentifier, ...input } = request.body;
      // Spec §6: the administrator may add one for a chosen company (unknown company 404).
      const owner =
        companyIdentifier === undefined ? null : await companies.idOfIdentifier(companyIdentifier);
      return { message: MEASUREMENT_MESSAGES.created, data: await service.create(owner, input) };
    },
  );

  tableRoute(
    app,
    measurements.updateTemplate,
    { ...adminWrite, summary: 'Rename a standard unit' },
    async (request) => ({
      message: MEASUREMENT_MESSAGES.updated,
      data: await service.update(null, request.params.id, request.body),
    }),
  );

  tableRoute(
    app,
    measurements.removeTemplate,
    { ...adminWrite, summary: 'Delete a standard unit (refused while a material uses it)' },
    async (request) => {
      await service.remove(null, request.params.id);
      return { message: MEASUREMENT_MESSAGES.deleted };
    },
  );
};
