import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import { COMPANY_MESSAGES, type CompaniesService } from './companies.service';

const { company } = apiRoutes;

/**
 * Institution data (spec §2 "Company", §3 "Company info", §7 `GET/PUT /api/company-info/{companyIdentifier}`).
 * The PUT takes any subset of the info object (`companyInfoUpdateSchema`: a key not sent keeps its stored value,
 * an explicit null or '' clears it) and answers the whole info as stored, with the success toast. Answers use
 * `companyInfoOutputSchema`: the serialiser cannot encode the input schema's one-way coercions. Both routes run
 * `app.requireOwnCompany` at `onRequest`: another company's identifier is 403 whatever the body holds.
 */
export const companiesRoutes: FastifyPluginAsyncZod<{
  companiesService: CompaniesService;
}> = async (app, { companiesService: service }) => {
  tableRoute(
    app,
    company.options,
    {
      tags: ['company', 'admin'],
      summary: 'Every company as { value: identifier, label: name } (administrator)',
      errors: READ_ERRORS,
    },
    async () => service.listOptions(),
  );

  const own = { tags: ['company'] };

  tableRoute(
    app,
    company.info,
    { ...own, summary: "The company's institution data", errors: READ_ERRORS },
    async (request) => service.getCompanyInfo(companyScopeOf(request).companyId),
  );

  tableRoute(
    app,
    company.updateInfo,
    {
      ...own,
      summary: "Change the company's institution data (keys not sent keep their stored values)",
      errors: WRITE_ERRORS,
    },
    async (request) => {
      const data = await service.updateCompanyInfo(companyScopeOf(request), request.body);
      return { message: COMPANY_MESSAGES.infoSaved, data };
    },
  );
};
