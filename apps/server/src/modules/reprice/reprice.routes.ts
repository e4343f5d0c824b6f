import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, apiRoutes } from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { companyScopeOf } from '../../plugins/auth';
import type { RepriceService } from './reprice.service';

const { orders } = apiRoutes;

/**
 * «Оновити дані в калькуляції» (issue 18): the preview and the re-pricing of one of the company's orders. The
 * guard runs at `onRequest`; the company comes from the session, so another company's order is 404.
 */
export const repriceRoutes: FastifyPluginAsyncZod<{ repriceService: RepriceService }> = async (
  app,
  { repriceService: service },
) => {
  tableRoute(
    app,
    orders.repricePreview,
    {
      tags: ['orders'],
      summary:
        'What re-pricing the order with the company’s current salaries, prices and institution data would change (stores nothing)',
      // 409: the order is not calculated (payed, saved).
      errors: { ...READ_ERRORS, 409: apiErrorSchema },
    },
    async (request) =>
      service.preview(companyScopeOf(request).companyId, request.params.identifier),
  );

  tableRoute(
    app,
    orders.reprice,
    {
      tags: ['orders'],
      summary:
        'Make the next revision of the order with the company’s current data (status saved); 409 when the revision sent is no longer current',
      errors: WRITE_ERRORS,
    },
    async (request) =>
      service.reprice(companyScopeOf(request), request.params.identifier, request.body),
  );
};
