import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCX_CONTENT_TYPE, XLSX_CONTENT_TYPE, apiErrorSchema, apiRoutes } from '@medcalc/domain';
import { namedFileAnswer, sendAttachment } from '../../lib/content-disposition';
import { READ_ERRORS, WRITE_ERRORS } from '../../lib/route-errors';
import { sendAccepted, tableRoute } from '../../lib/table-route';
import { scopeOf, type CompanyScope } from '../../lib/company-scope';
import { actorOfRequest, companyScopeOf, sessionUserOf } from '../../plugins/auth';
import type { DocumentsService } from './documents.service';
import { ANY_COMPANY_REQUESTER } from './revision-reader';
import type { DocumentJobs, JobFile, JobOwner, StoredJobFile } from './document-jobs';
import type { DocumentRequestPolicy } from './document-request-policy';
import type { DocumentRequest, StoredDocumentRequest } from '@medcalc/domain';
import type { InvoiceList } from './invoice-list';

/**
 * The documents' answers beside the file and the 202 job of a large document (the route table's `accepted`, issue
 * 24 §1): the refusals of any write, 429 (with Retry-After) when the company's own documents fill its share of the
 * workers or its queue of jobs (issue 34), and 503 (with Retry-After) when the document pool's queue is full (issue
 * 21, document-pool.ts).
 */
const DOCUMENT_ERRORS = {
  ...WRITE_ERRORS,
  429: apiErrorSchema,
  503: apiErrorSchema,
} as const;

/** The answer of the PDF calls, as OpenAPI shows it. */
const PDF_ANSWER = namedFileAnswer('application/pdf');

/**
 * Sends a document as a download, never cached: a rendered one from its bytes, a stored job file as a stream of its
 * chunks with its Content-Length (issue 34), never read whole into the server's memory.
 */
function sendFile(reply: FastifyReply, file: JobFile | StoredJobFile) {
  return sendAttachment(reply, { ...file, body: 'open' in file ? file.open() : file.bytes });
}

/**
 * `POST /api/orders/pdf` (spec §7): one of the five documents of the caller's order as a PDF download. The session
 * cookie authorises it (the guard runs at `onRequest`, before the body is read); the `Authorization: Bearer …`
 * header the spec's client adds (often `Bearer null`, from local storage) is not read by anything and changes
 * nothing. Answers 401 signed out, 404 another company's or a missing order, 403 while `created`, 409 while
 * `payed`/`saved`, 422 for a `file` outside the five (the spec's spaced spellings are accepted). `file:
 * 'calculation'` with `calculationId` answers the калькуляція of that service of the order (issue 10 item 6;
 * 404 when the service is not the order's, 422 without `calculationId`).
 *
 * A document laying out more than `jobLines` lines of the order (issue 24 §1: the print set, the spending, the
 * workbook of a large order) answers 202 `{ job }` at once instead: the job is rendered in its owner's turn
 * (document-jobs.ts) and followed through `GET /api/document-jobs/:jobId` and `…/file`. The same request while its
 * job is queued or running joins that job without reading the order again.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{
  documentsService: DocumentsService;
  /** The company's invoices with their numbers and payment (issue 33, «Оплата»). */
  invoiceList: InvoiceList;
  /** The jobs of large documents (issue 24 §1): their status and files. */
  documentJobs: DocumentJobs;
  /** How a document call is answered (document-request-policy.ts): the handlers turn its answer into a reply. */
  documentRequests: DocumentRequestPolicy;
  /**
   * Writes «Документ завантажено» into the institution's activity log (issue 22) once a company member's download
   * is ready, naming the order (its identifier) and the file (whose name carries the order's name). The
   * administrator's downloads are not the institution's.
   */
  recordDownload: (scope: CompanyScope, identifier: string, fileName: string) => Promise<void>;
}> = async (
  app,
  { documentsService: service, invoiceList, documentJobs, documentRequests, recordDownload },
) => {
  /** Answers a document call as the policy decides. `member`: the member and company whose log records it. */
  async function answerDocument(
    reply: FastifyReply,
    owner: JobOwner,
    requester: StoredDocumentRequest['requester'],
    request: DocumentRequest,
    member: CompanyScope | null,
  ) {
    const answer = await documentRequests.answer(owner, requester, request, member);
    // Every document call has the same 202 answer in the route table.
    if (answer.kind === 'job')
      return sendAccepted(reply, apiRoutes.orders.pdf, { job: answer.job });
    return sendFile(reply, answer.file);
  }

  /** A company member's document: the company's job, the company's log. */
  function memberDocument(request: FastifyRequest, reply: FastifyReply, document: DocumentRequest) {
    const user = sessionUserOf(request);
    const requester = { companyId: user.companyId, companyName: user.company };
    return answerDocument(reply, { companyId: user.companyId }, requester, document, scopeOf(user));
  }

  tableRoute(
    app,
    apiRoutes.orders.pdf,
    {
      tags: ['documents'],
      summary:
        'One of the five PDF documents of a calculated order (title, company_info, price_list, materials_spending, order_list), the калькуляція of one of its services (file calculation with calculationId), or the invoice of the order fee at any status (file invoice); 202 with a job for a large document',
      errors: DOCUMENT_ERRORS,
      fileAnswer: PDF_ANSWER,
    },
    async (request, reply) => memberDocument(request, reply, { kind: 'pdf', input: request.body }),
  );

  /**
   * `POST /api/administrator/orders/pdf` (issue 11, the admin panel's 'Open'): the same documents, body and status
   * refusals as `POST /api/orders/pdf`, for ANY company's order. Administrators only: 403 for a company user and 401
   * signed out, both at `onRequest`, before the body is read. A large document's job is the administrator's own.
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
      answerDocument(
        reply,
        { adminUserId: sessionUserOf(request).id },
        ANY_COMPANY_REQUESTER,
        { kind: 'pdf', input: request.body },
        null,
      ),
  );

  /**
   * `POST /api/orders/xlsx` (issue 10 item 8): the workbook «Калькуляції» of the caller's order, the прейскурант and
   * one sheet per category with each service's калькуляція, numbers as numbers. Same guard and refusals as
   * `/api/orders/pdf` (401, 404, 403 while `created`, 409 while `payed`/`saved`, 422 for a bad identifier), and the
   * same 202 with a job for a large order.
   */
  tableRoute(
    app,
    apiRoutes.orders.workbook,
    {
      tags: ['documents'],
      summary:
        'The XLSX workbook of a calculated order: the прейскурант and the калькуляція of every service, one sheet per category; 202 with a job for a large order',
      errors: DOCUMENT_ERRORS,
      fileAnswer: namedFileAnswer(XLSX_CONTENT_TYPE),
    },
    async (request, reply) => memberDocument(request, reply, { kind: 'xlsx', input: request.body }),
  );

  /**
   * `POST /api/orders/docx` (issue 35): the approval package of the caller's order (of `revision`) as an editable
   * Word file: the draft decision, annex 1 (the price list), annex 2 (the калькуляції, unless `withCostings: false`)
   * and the explanatory note. Same guard, refusals and 202 job as `/api/orders/pdf`, whose `file: 'approval'` answers
   * the same package as a PDF.
   */
  tableRoute(
    app,
    apiRoutes.orders.docx,
    {
      tags: ['documents'],
      summary:
        'The approval package of a calculated order (draft decision, price list, калькуляції, explanatory note) as a Word file; 202 with a job for a large order',
      errors: DOCUMENT_ERRORS,
      fileAnswer: namedFileAnswer(DOCX_CONTENT_TYPE),
    },
    async (request, reply) => memberDocument(request, reply, { kind: 'docx', input: request.body }),
  );

  /**
   * `GET /api/orders/{identifier}/tariff-history` (issue 35): each service's cost and tariff over the revisions of
   * the caller's order, with the approvals recorded (another company's order: 404); and the administrator's, of any
   * company's order, for the order drawer.
   */
  tableRoute(
    app,
    apiRoutes.orders.tariffHistory,
    {
      tags: ['documents'],
      summary:
        "Each service's cost and tariff over the order's revisions, with the approvals recorded",
      errors: READ_ERRORS,
    },
    async (request) => {
      const user = sessionUserOf(request);
      return service.tariffHistory(
        { companyId: user.companyId, companyName: user.company },
        request.params.identifier,
      );
    },
  );
  tableRoute(
    app,
    apiRoutes.admin.orderTariffHistory,
    {
      tags: ['administrator'],
      summary: "Any company's order's tariff history (administrator)",
      errors: READ_ERRORS,
    },
    async (request) => service.tariffHistory(ANY_COMPANY_REQUESTER, request.params.identifier),
  );

  /** `GET /api/invoices` (issue 33, «Оплата»): the company's invoices, from the session's company only. */
  tableRoute(
    app,
    apiRoutes.orders.invoices,
    {
      tags: ['documents'],
      summary:
        "The рахунок на оплату of each of the company's orders: number (once issued), date, amount, paid or not",
      errors: READ_ERRORS,
    },
    async (request) => invoiceList.list(companyScopeOf(request).companyId),
  );

  /** The owners whose jobs the caller reaches: the company's, and the administrator's own for an administrator. */
  function ownersOf(request: FastifyRequest): JobOwner[] {
    const user = sessionUserOf(request);
    return [
      { companyId: user.companyId },
      ...(user.role === 'admin' ? [{ adminUserId: user.id }] : []),
    ];
  }

  /**
   * `GET /api/document-jobs/:jobId` (issue 24 §1): where the caller's job is, with its progress. Another company's
   * job, another administrator's, or one whose day has passed: 404.
   */
  tableRoute(
    app,
    apiRoutes.documentJobs.status,
    {
      tags: ['documents'],
      summary:
        'The status and progress of a large document being made (a job of POST /api/orders/pdf or /xlsx)',
      errors: READ_ERRORS,
    },
    async (request) => ({
      job: await documentJobs.status(ownersOf(request), request.params.jobId),
    }),
  );

  /**
   * `GET /api/document-jobs/:jobId/file`: the finished job's file, as the document call would have sent it; kept a
   * day for its company (or administrator). 404 as the status call, 409 while it is still being made.
   */
  tableRoute(
    app,
    apiRoutes.documentJobs.file,
    {
      tags: ['documents'],
      summary: 'The file of a finished document job (PDF or XLSX), kept a day for its company',
      errors: { ...READ_ERRORS, 409: apiErrorSchema },
      fileAnswer: `application/pdf | ${XLSX_CONTENT_TYPE}; Content-Disposition: attachment`,
    },
    async (request, reply) => {
      const file = await documentJobs.file(ownersOf(request), request.params.jobId);
      // The member's job (`ownersOf`: the caller's company) is logged as the caller's download (a request that
      // does not parse names no order: logged by the jobs, the file still sent).
      if (file.companyId !== null && file.request)
        await recordDownload(
          { companyId: file.companyId, actor: actorOfRequest(request) },
          file.request.request.input.identifier,
          file.fileName,
        );
      return sendFile(reply, file);
    },
  );
};
