import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { referenceDataRoutes } from '../../lib/reference-routes';
import { SIGNED_IN_ERRORS, READ_ERRORS } from '../../lib/route-errors';
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
      tags: ['pills'],
      summary: 'All template materials',
      errors: SIGNED_IN_ERRORS,
    },
    async () => service.list(null),
  );

  // The company's own materials; the administrator's template materials and the materials companies made.
  referenceDataRoutes(app, {
    calls: pills,
    tag: 'pills',
    summaries: {
      ownPage: "One page of the company's own materials",
      ownList: "All of the company's own materials",
      create: 'Add a material of the company',
      update: 'Change a material of the company',
      remove: 'Delete a material of the company (calculations keep their own copy)',
      templatePage: 'One page of the template materials',
      companiesPage: "One page of the companies' own materials, with their author company",
      createTemplate: 'Add a template material; with companyIdentifier, add it to that company',
      updateTemplate: 'Change a template material',
      removeTemplate: 'Delete a template material',
    },
    messages: PILL_MESSAGES,
    service,
    companies,
  });

  tableRoute(
    app,
    pills.allList,
    {
      tags: ['pills'],
      errors: READ_ERRORS,
      summary:
        "Template materials, then the company's own (companyIdentifier null marks a template one)",
    },
    async (request) => service.listTemplateAndOwn(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    pills.usage,
    {
      tags: ['pills'],
      errors: READ_ERRORS,
      summary: "The orders whose material lines use one of the company's own materials",
    },
    async (request) => service.usage(companyScopeOf(request).companyId, request.params.id),
  );
};
