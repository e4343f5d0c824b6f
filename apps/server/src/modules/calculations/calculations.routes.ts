import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calculateOnlineInputSchema,
  calculatedServicesPageSchema,
  calculationsSavedResponseSchema,
  companyParamsSchema,
  pageQuerySchema,
  profitabilityResultSchema,
  saveCalculationsInputSchema,
} from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { companyScopeOf } from '../../plugins/auth';
import type { CalculationsService } from './calculations.service';

/**
 * Body limit of the three wizard calls, bytes. An order of MAX_SERVICES_PER_REQUEST (1 000) services of 10 staff
 * and 20 material lines is about 3.1 MiB of JSON, above the app's 1 MiB default; 8 MiB leaves room for long names
 * while still bounding one request's memory.
 */
const WIZARD_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The wizard's calls of spec §7 "Orders and calculations" (`calculate-online`, `save`, `calculate`) and the new
 * paged list of the company's calculated services (docs/architecture.md "Calls added to the spec"). Guards run at
 * `onRequest`, before the body is parsed: a signed-out caller gets 401 whatever it sent. The order named in the
 * body is looked up within the session user's company only (another company's order is 404).
 */
export const calculationsRoutes: FastifyPluginAsyncZod<{
  calculationsService: CalculationsService;
}> = async (app, { calculationsService: service }) => {
  app.post(
    '/api/calculations/calculate-online',
    {
      onRequest: app.requireUser,
      bodyLimit: WIZARD_BODY_LIMIT,
      schema: {
        tags: ['calculations'],
        summary:
          'Preview: the cost and tariff of every service with every row of its калькуляція (stores nothing)',
        body: calculateOnlineInputSchema,
        response: { 200: profitabilityResultSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => service.calculateOnline(request.body),
  );

  app.post(
    '/api/calculations/save',
    {
      onRequest: app.requireUser,
      bodyLimit: WIZARD_BODY_LIMIT,
      schema: {
        tags: ['calculations'],
        summary: 'Save the wizard’s draft (payed/formed → saved)',
        body: saveCalculationsInputSchema,
        response: { 200: calculationsSavedResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => service.save(companyScopeOf(request), request.body),
  );

  app.post(
    '/api/calculations/calculate',
    {
      onRequest: app.requireUser,
      bodyLimit: WIZARD_BODY_LIMIT,
      schema: {
        tags: ['calculations'],
        summary:
          'Save the draft, then calculate every service and move the order to formed (422 names what is missing)',
        body: saveCalculationsInputSchema,
        response: { 200: calculationsSavedResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => service.calculate(companyScopeOf(request), request.body),
  );

  app.get(
    '/api/company/:companyIdentifier/calculated-services',
    {
      onRequest: app.requireOwnCompany,
      schema: {
        tags: ['calculations'],
        summary:
          "One page of the company's calculated services (orders at formed, sent or confirmed), newest first",
        params: companyParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: calculatedServicesPageSchema, ...READ_ERRORS },
      },
    },
    async (request) =>
      service.pageCalculatedServices(companyScopeOf(request).companyId, request.query),
  );
};
