import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderPdfInputSchema } from '@medcalc/domain';
import { attachmentDisposition } from '../../lib/content-disposition';
import { WRITE_ERRORS } from '../../lib/route-errors';
import { sessionUserOf } from '../../plugins/auth';
import type { DocumentsService } from './documents.service';

/**
 * `POST /api/orders/pdf` (spec §7): one of the five documents of the caller's order as a PDF download. The session
 * cookie authorises it (the guard runs at `onRequest`, before the body is read); the `Authorization: Bearer …`
 * header the spec's client adds (often `Bearer null`, from local storage) is not read by anything and changes
 * nothing. Answers 401 signed out, 404 another company's or a missing order, 403 while `created`, 409 while
 * `payed`/`saved`, 422 for a `file` outside the five (the spec's spaced spellings are accepted). `file:
 * 'calculation'` with `calculationId` answers the калькуляція of that service of the order (issue 10 item 6;
 * 404 when the service is not the order's, 422 without `calculationId`).
 */
export const documentsRoutes: FastifyPluginAsyncZod<{
  documentsService: DocumentsService;
}> = async (app, { documentsService: service }) => {
  app.post(
    '/api/orders/pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['documents'],
        summary:
          'One of the five PDF documents of a calculated order (title, company_info, price_list, materials_spending, order_list), the калькуляція of one of its services (file calculation with calculationId), or the invoice of the order fee at any status (file invoice)',
        body: orderPdfInputSchema,
        response: {
          200: z
            .any()
            .describe(
              'application/pdf; Content-Disposition: attachment; filename="…"; filename*=UTF-8\'\'…',
            ),
          ...WRITE_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const document = await service.generate(
        { companyId: user.companyId, companyName: user.company },
        request.body,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(document.fileName))
        .header('cache-control', 'no-store')
        .send(document.pdf);
    },
  );
};
