import { createHash } from 'node:crypto';
import {
  APPROVAL_PACKAGE_DOCUMENT,
  COMPARISON_DOCUMENT,
  DOCX_CONTENT_TYPE,
  INVOICE_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  equipmentLinesOf,
  XLSX_CONTENT_TYPE,
  type DocumentRequest,
  type OrderPdfInput,
  type OrderDocxInput,
} from '@medcalc/domain';
import { buildWorkbookData } from './build-workbook-data';
import type { DocumentService, OrderDocumentSource } from './document-source';
import type { DocumentsService } from './documents.service';
import type { DocumentRequester } from './revision-reader';
import type { JobFile } from './document-jobs';
import { workbookFileName } from './order-workbook';
import type { ProgressReport } from './render-progress';

/*
 * A document call as data (issue 24 §1, domain `documentRequestSchema`): what `POST /api/orders/pdf`,
 * `/api/orders/xlsx` and the administrator's PDF call ask for, prepared into its size and its rendering. A small
 * document is rendered at once; a large one is a job (document-jobs.ts), which stores this request and prepares it
 * again when its turn comes.
 */

/** A document call ready to render: its size, known before it is rendered, and its rendering. */
export interface PreparedDocument {
  /** The order's lines the document lays out (0 for the small ones: invoice, comparison, title, company info). */
  lines: number;
  render(report?: ProgressReport): Promise<JobFile>;
}

/** One service's lines: its heading, its staff lines, its material lines and its equipment lines (issue 38). */
const serviceLines = (service: DocumentService) =>
  1 +
  service.content.stuff.length +
  service.content.pills.length +
  equipmentLinesOf(service.content).length;

/**
 * The lines a document of the order lays out, known from the order's data before anything is rendered: every
 * service's lines for the documents that list the services (the print set lays out each service's калькуляція),
 * one service's for its калькуляція, none for the title and the institution's page.
 */
export function documentLines(
  file: OrderPdfInput['file'] | 'xlsx',
  source: OrderDocumentSource,
  calculationId?: number,
): number {
  if (file === 'title' || file === 'company_info') return 0;
  if (file === SERVICE_COSTING_DOCUMENT.file) {
    const service = source.services.find((candidate) => candidate.id === calculationId);
    return service ? serviceLines(service) : 0;
  }
  return source.services.reduce((sum, service) => sum + serviceLines(service), 0);
}

/** Names a document request for joining: the same owner asking the same document joins its job. */
export function requestKey(request: DocumentRequest): string {
  const { input } = request;
  return JSON.stringify([
    request.kind,
    input.identifier,
    input.file ?? null,
    'calculationId' in input ? (input.calculationId ?? null) : null,
    input.revision ?? null,
    'withCostings' in input ? (input.withCostings ?? true) : null,
  ]);
}

/** The documents that are never jobs (no order lines, or not made from the order's lines): no kept file to find. */
const NEVER_STORED: ReadonlyArray<string | undefined> = [
  'title',
  'company_info',
  INVOICE_DOCUMENT.file,
  COMPARISON_DOCUMENT.file,
  // The package prints the company's approval settings too, which the stamp does not read (issue 35).
  APPROVAL_PACKAGE_DOCUMENT.file,
];

/**
 * The key of the file a document call makes (issue 34): the call (kind, file, service) and what the order's
 * documents depend on (`documentStamp`: version, revision, status, names, institution data, who calculated it),
 * read without the services, so asking again for a large order's document costs one small read, not the order.
 * A kept file with the same key is the same document; a change to any of them makes another key, so a stale file
 * is never sent. Undefined for the documents that are never kept.
 */
export async function documentKey(
  service: DocumentsService,
  requester: DocumentRequester,
  request: DocumentRequest,
): Promise<string | undefined> {
  const { input } = request;
  if (NEVER_STORED.includes(input.file)) return undefined;
  const stamp = await service.documentStamp(requester, input.identifier, input.revision);
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.kind,
        input.file ?? null,
        'calculationId' in input ? (input.calculationId ?? null) : null,
        stamp,
      ]),
    )
    .digest('base64url');
}

const PDF = 'application/pdf';

/** The approval package's call (issue 35): `/docx`, or `/pdf` with `file: 'approval'`; else undefined. */
function approvalRequest(
  request: DocumentRequest,
): { input: OrderDocxInput | OrderPdfInput; format: 'pdf' | 'docx' } | undefined {
  if (request.kind === 'docx') return { input: request.input, format: 'docx' };
  if (request.kind === 'pdf' && request.input.file === APPROVAL_PACKAGE_DOCUMENT.file)
    return { input: request.input, format: 'pdf' };
  return undefined;
}

/** Reads the order (with the documents' refusals) and answers the document's size and its rendering. */
export async function prepareDocument(
  service: DocumentsService,
  requester: DocumentRequester,
  request: DocumentRequest,
): Promise<PreparedDocument> {
  const approval = approvalRequest(request);
  if (approval) {
    const { input, format } = approval;
    const source = await service.loadSource(requester, input.identifier, input.revision);
    return {
      // Annex 2 lays out every service's lines; without it the package lists each service once or twice.
      lines: input.withCostings === false ? source.services.length : documentLines('print', source),
      render: async () => {
        const document = await service.generateApprovalPackage(requester, input, format);
        return {
          fileName: document.fileName,
          contentType: format === 'docx' ? DOCX_CONTENT_TYPE : PDF,
          bytes: document.bytes,
        };
      },
    };
  }
  if (request.kind === 'xlsx') {
    const { input } = request;
    if (input.file === COMPARISON_DOCUMENT.file) {
      return {
        lines: 0,
        render: async () => {
          const workbook = await service.generateComparisonWorkbook(
            requester,
            input.identifier,
            input.revision,
          );
          return {
            fileName: workbook.fileName,
            contentType: XLSX_CONTENT_TYPE,
            bytes: workbook.xlsx,
          };
        },
      };
    }
    const source = await service.loadSource(requester, input.identifier, input.revision);
    return {
      lines: documentLines('xlsx', source),
      render: async (report) => ({
        fileName: workbookFileName(source.order.name),
        contentType: XLSX_CONTENT_TYPE,
        bytes: await service.render(
          { kind: 'workbook', data: buildWorkbookData(source), now: new Date() },
          report,
        ),
      }),
    };
  }
  const { input } = request;
  const { file } = input;
  if (file === APPROVAL_PACKAGE_DOCUMENT.file)
    throw new Error('the approval package is prepared above');
  if (file === INVOICE_DOCUMENT.file || file === COMPARISON_DOCUMENT.file) {
    return {
      lines: 0,
      render: async () => {
        const document = await service.generate(requester, input);
        return { fileName: document.fileName, contentType: PDF, bytes: document.pdf };
      },
    };
  }
  const source = await service.loadSource(requester, input.identifier, input.revision);
  return {
    lines: documentLines(file, source, input.calculationId),
    render: async (report) => {
      const document = await service.renderOrderDocument(source, { ...input, file }, report);
      return { fileName: document.fileName, contentType: PDF, bytes: document.pdf };
    },
  };
}
