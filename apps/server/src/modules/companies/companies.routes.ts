import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  companyInfoOutputSchema,
  companyInfoSavedResponseSchema,
  companyInfoSchema,
  companyParamsSchema,
  validationErrorSchema,
} from '@medcalc/domain';
import { ownCompanyId } from '../../lib/company-scope';
import { sessionUserOf } from '../../lib/session-user';
import { COMPANY_MESSAGES, type CompaniesService } from './companies.service';

const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Institution data (spec §2 "Company", §3 "Company info", §7 `GET/PUT /api/company-info/{companyIdentifier}`).
 * The PUT takes the whole info object and answers it as stored, with the success toast. Answers use
 * `companyInfoOutputSchema`: the serialiser cannot encode the input schema's one-way coercions.
 */
export const companiesRoutes: FastifyPluginAsyncZod<{
  companiesService: CompaniesService;
}> = async (app, { companiesService: service }) => {
  app.get(
    '/api/company-info/:companyIdentifier',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['company'],
        summary: "The company's institution data",
        params: companyParamsSchema,
        response: { 200: companyInfoOutputSchema, ...readErrors },
      },
    },
    async (request) =>
      service.getCompanyInfo(
        ownCompanyId(sessionUserOf(request), request.params.companyIdentifier),
      ),
  );

  app.put(
    '/api/company-info/:companyIdentifier',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['company'],
        summary: "Replace the company's institution data",
        params: companyParamsSchema,
        body: companyInfoSchema,
        response: {
          200: companyInfoSavedResponseSchema,
          ...readErrors,
          419: apiErrorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) => {
      const companyId = ownCompanyId(sessionUserOf(request), request.params.companyIdentifier);
      const data = await service.updateCompanyInfo(companyId, request.body);
      return { message: COMPANY_MESSAGES.infoSaved, data };
    },
  );
};
