import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  orderParamsSchema,
  repriceInputSchema,
  repricePreviewSchema,
  repriceResponseSchema,
} from '@medcalc/domain';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { companyScopeOf } from '../../plugins/auth';
import type { RepriceService } from './reprice.service';

/**
 * «Оновити дані в калькуляції» (issue 18): the preview and the re-pricing of one of the company's orders. The
 * guard runs at `onRequest`; the company comes from the session, so another company's order is 404.
 */
export const repriceRoutes: FastifyPluginAsyncZod<{ repriceService: RepriceService }> = async (
  app,
  { repriceService: service },
) => {
  app.get(
    '/api/orders/:identifier/reprice-preview',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'What re-pricing the order with the company’s current salaries, prices and institution data would change (stores nothing)',
        params: orderParamsSchema,
        // 409: the order is not calculated (payed, saved).
        response: { 200: repricePreviewSchema, ...READ_ERRORS, 409: apiErrorSchema },
      },
    },
    async (request) =>
      service.preview(companyScopeOf(request).companyId, request.params.identifier),
  );

  app.post(
    '/api/orders/:identifier/reprice',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Make the next revision of the order with the company’s current data (status saved); 409 when the revision sent is no longer current',
        params: orderParamsSchema,
        body: repriceInputSchema,
        response: { 200: repriceResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      service.reprice(companyScopeOf(request), request.params.identifier, request.body),
  );
};
