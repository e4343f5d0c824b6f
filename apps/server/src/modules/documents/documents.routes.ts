import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPARISON_DOCUMENT, XLSX_CONTENT_TYPE, apiErrorSchema, apiRoutes } from '@medcalc/domain';
import { attachmentDisposition } from '../../lib/content-disposition';
import { WRITE_ERRORS } from '../../lib/route-errors';
import { tableRoute } from '../../lib/table-route';
import { sessionUserOf } from '../../plugins/auth';
import { ANY_COMPANY_REQUESTER, type DocumentsService } from './documents.service';
import { generateOrderWorkbook } from './order-workbook';

/**
 * The documents' refusals: those of any write, and 503 (with Retry-After) when the document pool's queue is full
 * (issue 21, document-pool.ts).
 */
const DOCUMENT_ERRORS = { ...WRITE_ERRORS, 503: apiErrorSchema } as const;

/** The answer of the PDF calls, as OpenAPI shows it. */
const PDF_ANSWER =
  'application/pdf; Content-Disposition: attachment; filename="…"; filename*=UTF-8\'\'…';

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
  /**
   * Writes «Документ завантажено» into the institution's activity log (issue 22) once a company member's download
   * is ready: `subject` names the order and the file. The administrator's downloads are not the institution's.
   */
  recordDownload: (companyId: number, subject: string) => Promise<void>;
}> = async (app, { documentsService: service, recordDownload }) => {
  /** Sends a generated PDF as a download, never cached. */
  function sendDocument(
    reply: FastifyReply,
    document: Awaited<ReturnType<DocumentsService['generate']>>,
  ): FastifyReply {
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(document.fileName))
      .header('cache-control', 'no-store')
      .send(document.pdf);
  }

  tableRoute(
    app,
    apiRoutes.orders.pdf,
    {
      tags: ['documents'],
      summary:
        'One of the five PDF documents of a calculated order (title, company_info, price_list, materials_spending, order_list), the калькуляція of one of its services (file calculation with calculationId), or the invoice of the order fee at any status (file invoice)',
      errors: DOCUMENT_ERRORS,
      fileAnswer: PDF_ANSWER,
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const requester = { companyId: user.companyId, companyName: user.company };
      const document = await service.generate(requester, request.body);
      await recordDownload(user.companyId, `${request.body.identifier}: ${document.fileName}`);
      return sendDocument(reply, document);
    },
  );

  /**
   * `POST /api/administrator/orders/pdf` (issue 11, the admin panel's 'Open'): the same documents, body and status
   * refusals as `POST /api/orders/pdf`, for ANY company's order. Administrators only: 403 for a company user and 401
   * signed out, both at `onRequest`, before the body is read.
   */
  tableRoute(
    app,
    apiRoutes.admin.orderPdf,
    {
      tags: ['administrator'],
      summary:
        "A document of any company's order, as POST /api/orders/pdf answers it to the order's company (administrator)",
      errors: DOCUMENT_ERRORS,
      fileAnswer: PDF_ANSWER,
    },
    async (request, reply) =>
      sendDocument(reply, await service.generate(ANY_COMPANY_REQUESTER, request.body)),
  );

  /**
   * `POST /api/orders/xlsx` (issue 10 item 8): the workbook «Калькуляції» of the caller's order, the прейскурант and
   * one sheet per category with each service's калькуляція, numbers as numbers. Same guard and refusals as
   * `/api/orders/pdf` (401, 404, 403 while `created`, 409 while `payed`/`saved`, 422 for a bad identifier).
   */
  tableRoute(
    app,
    apiRoutes.orders.workbook,
    {
      tags: ['documents'],
      summary:
        'The XLSX workbook of a calculated order: the прейскурант and the калькуляція of every service, one sheet per category',
      errors: DOCUMENT_ERRORS,
      fileAnswer: `${XLSX_CONTENT_TYPE}; Content-Disposition: attachment; filename="…"; filename*=UTF-8''…`,
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const requester = { companyId: user.companyId, companyName: user.company };
      const workbook =
        request.body.file === COMPARISON_DOCUMENT.file
          ? await service.generateComparisonWorkbook(
              requester,
              request.body.identifier,
              request.body.revision,
            )
          : await generateOrderWorkbook(service, requester, request.body);
      await recordDownload(user.companyId, `${request.body.identifier}: ${workbook.fileName}`);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(workbook.fileName))
        .header('cache-control', 'no-store')
        .send(workbook.xlsx);
    },
  );
};
