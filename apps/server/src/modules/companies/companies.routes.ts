import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyOptionSchema,
  companyInfoOutputSchema,
  companyInfoSavedResponseSchema,
  companyInfoUpdateSchema,
  companyParamsSchema,
} from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { companyScopeOf } from '../../plugins/auth';
import { COMPANY_MESSAGES, type CompaniesService } from './companies.service';

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
  app.get(
    '/api/get-companies-list',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['company', 'admin'],
        summary: 'Every company as { value: identifier, label: name } (administrator)',
        response: { 200: z.array(companyOptionSchema), ...READ_ERRORS },
      },
    },
    async () => service.listOptions(),
  );

  app.get(
    '/api/company-info/:companyIdentifier',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['company'],
        summary: "The company's institution data",
        params: companyParamsSchema,
        response: { 200: companyInfoOutputSchema, ...READ_ERRORS },
      },
    },
    async (request) => service.getCompanyInfo(companyScopeOf(request).companyId),
  );

  app.put(
    '/api/company-info/:companyIdentifier',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['company'],
        summary: "Change the company's institution data (keys not sent keep their stored values)",
        params: companyParamsSchema,
        body: companyInfoUpdateSchema,
        response: {
          200: companyInfoSavedResponseSchema,
          ...WRITE_ERRORS,
        },
      },
    },
    async (request) => {
      const companyId = companyScopeOf(request).companyId;
      const data = await service.updateCompanyInfo(companyId, request.body);
      return { message: COMPANY_MESSAGES.infoSaved, data };
    },
  );
};
