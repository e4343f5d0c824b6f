import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@medcalc/domain';
import { useJsonBytesParser } from '../../lib/json-body';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import { writeCalculateOnlineAnswer } from './calculate-online-answer';
import { calculateOnlineValidatorCompiler } from './calculate-online-input';
import type { CalculationsService } from './calculations.service';

const { calculations } = apiRoutes;

/**
 * Body limit of the three wizard calls, bytes. An order of MAX_SERVICES_PER_REQUEST (1 000) services of 10 staff
 * and 20 material lines is about 3.1 MiB of JSON, above the app's 1 MiB default; 8 MiB leaves room for long names
 * while still bounding one request's memory.
 */
const WIZARD_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The wizard's calls of spec §7 "Orders and calculations" (`calculate-online`, `save`, `calculate`) and the new
 * paged list of the company's calculated services (docs/decisions.md "Calls added to the spec"). Guards run at
 * `onRequest`, before the body is parsed: a signed-out caller gets 401 whatever it sent. The order named in the
 * body is looked up within the session user's company only (another company's order is 404).
 */
export const calculationsRoutes: FastifyPluginAsyncZod<{
  calculationsService: CalculationsService;
}> = async (app, { calculationsService: service }) => {
  const wizard = {
    tags: ['calculations'],
    errors: WRITE_ERRORS,
    bodyLimit: WIZARD_BODY_LIMIT,
  };

  // In a plugin context of its own: its JSON parser reads the body's bytes (lib/json-body.ts) for this call only.
  await app.register(async (own) => {
    useJsonBytesParser(own);
    tableRoute(
      own,
      calculations.calculateOnline,
      {
        ...wizard,
        summary:
          'Preview: the cost and tariff of every service with every row of its калькуляція (stores nothing)',
        // The answer is the engine's (`computeOrderCosts`) with the input's ids and names, built field by field from
        // the domain types, so it is written as it is: checking it against `profitabilityResultSchema` again was
        // about 40 % of the route's time for 1,000 services (docs/performance.md "calculate-online"). The input is
        // still checked in full by the body schema; the HTTP tests read the answer with the strict schema. It is
        // written straight to its UTF-8 bytes, the same bytes as JSON.stringify's (calculate-online-answer.ts).
        serializerCompiler: () => writeCalculateOnlineAnswer,
        // The body's 30,000 lines are read by a fast path that accepts exactly what the body schema accepts, with the
        // same value; anything else goes to the schema, which writes the 422 (calculate-online-input.ts).
        validatorCompiler: calculateOnlineValidatorCompiler,
      },
      async (request) => service.calculateOnline(companyScopeOf(request).companyId, request.body),
    );
  });

  tableRoute(
    app,
    calculations.save,
    { ...wizard, summary: 'Save the wizard’s draft (payed/formed → saved)' },
    async (request) => service.save(companyScopeOf(request), request.body),
  );

  tableRoute(
    app,
    calculations.calculate,
    {
      ...wizard,
      summary:
        'Save the draft, then calculate every service and move the order to formed (422 names what is missing)',
    },
    async (request) => service.calculate(companyScopeOf(request), request.body),
  );

  tableRoute(
    app,
    calculations.calculatedServices,
    {
      tags: ['calculations'],
      summary:
        "One page of the company's calculated services (orders at formed, sent or confirmed), newest first",
      errors: READ_ERRORS,
    },
    async (request) =>
      service.pageCalculatedServices(companyScopeOf(request).companyId, request.query),
  );
};
