import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { referenceDataRoutes } from '../../lib/reference-routes';
import { SIGNED_IN_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
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
      tags: ['measurements'],
      summary: 'Standard units as dropdown options',
      errors: SIGNED_IN_ERRORS,
    },
    async () => service.listStandardOptions(),
  );

  // The company's own units; the administrator's standard units and the units companies made.
  referenceDataRoutes(app, {
    calls: measurements,
    tag: 'measurements',
    summaries: {
      ownPage: "One page of the company's own units",
      ownList: "All of the company's own units",
      create: 'Add a unit of the company',
      update: 'Rename a unit of the company',
      remove: 'Delete a unit of the company (refused while a material uses it)',
      templatePage: 'One page of the standard units',
      companiesPage: "One page of the companies' own units, with their author company",
      createTemplate: 'Add a standard unit; with companyIdentifier, add it to that company',
      updateTemplate: 'Rename a standard unit',
      removeTemplate: 'Delete a standard unit (refused while a material uses it)',
    },
    messages: MEASUREMENT_MESSAGES,
    service,
    companies,
  });
};
