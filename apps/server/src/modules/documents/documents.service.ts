import {
  APPROVAL_PACKAGE_DOCUMENT,
  COMPARISON_DOCUMENT,
  INVOICE_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  type OrderPdfInput,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import type { ProviderRequisites } from '../../lib/provider-requisites';
import { createApprovalPackages } from './approval-package';
import { buildComparisonData } from './build-comparison-data';
import type { DocumentRenderer } from './document-pool';
import type { OrderDocumentSource } from './document-source';
import {
  comparisonFileName,
  documentFileName,
  serviceCostingFileName,
  type GeneratedDocument,
} from './generated-document';
import { createInvoiceDocument } from './invoice-document';
import type { InvoiceNumbers } from './invoice-numbers';
import { comparisonLayout } from './layouts/comparison';
import {
  CALCULATION_NOT_IN_ORDER_MESSAGE,
  type OrderLayoutDocument,
} from './layouts/order-documents';
import type { RenderJob } from './render-job';
import type { ProgressReport } from './render-progress';
import {
  createRevisionReader,
  type DocumentRequester,
  type RevisionReaderDeps,
} from './revision-reader';
import { createTariffHistory } from './tariff-history';

/**
 * The five PDF documents of an order (spec §2 "Documents column", §7 `POST /api/orders/pdf`). The order is read
 * through the orders service (another company's order is 404) and its services with their stored results through
 * the calculations service; the documents print those results, never a recomputation. Only a calculated order
 * has documents (domain `documentRefusal`): `created` → 403 (payment first), `payed`/`saved` → 409 (calculate
 * first).
 */
export function createDocumentsService(
  deps: RevisionReaderDeps & {
    /** Who the order fee is paid to (config PROVIDER_*), printed on the invoice; the service reads no env. */
    provider: ProviderRequisites;
    /** The invoices' running numbers (invoice-numbers.ts): taken when an order's invoice is first issued, then kept. */
    invoiceNumbers: InvoiceNumbers;
    /**
     * Turns a layout or workbook data into bytes: the app's pool of worker threads (document-pool.ts), so the
     * event loop only builds the data and the layout.
     */
    renderer: DocumentRenderer;
  },
) {
  const { renderer } = deps;
  const reader = createRevisionReader(deps);
  const { loadSource, documentStamp, loadComparison } = reader;
  const { loadApprovalPackage, generateApprovalPackage } = createApprovalPackages({
    ...deps,
    reader,
  });
  const tariffHistory = createTariffHistory({ ...deps, reader });
  const generateInvoice = createInvoiceDocument({ ...deps, reader });

  /**
   * One of the order's own documents (the five, the print set, a калькуляція) of `source`, the order as
   * `loadSource` read it; `report` hears the rendering's progress (a document job, issue 24).
   */
  async function renderOrderDocument(
    source: OrderDocumentSource,
    input: OrderPdfInput & { file: OrderLayoutDocument['file'] },
    report?: ProgressReport,
  ): Promise<GeneratedDocument> {
    // The layout is built where the PDF is rendered (the pool's worker): the request reads the order only.
    const renderOrderPdf = (document: OrderLayoutDocument) =>
      renderer.render({ kind: 'order-pdf', document, source, creationDate: new Date() }, report);
    if (input.file === SERVICE_COSTING_DOCUMENT.file) {
      // The калькуляція of one service of this order (issue 10 item 6); another order's service is 404.
      const service = source.services.find((candidate) => candidate.id === input.calculationId);
      if (!service) throw new AppError('NOT_FOUND', CALCULATION_NOT_IN_ORDER_MESSAGE);
      const pdf = await renderOrderPdf({ file: input.file, serviceId: service.id });
      return { fileName: serviceCostingFileName(service.name), pdf };
    }
    const pdf = await renderOrderPdf({ file: input.file });
    return { fileName: documentFileName(input.file, source.order.name), pdf };
  }

  return {
    loadSource,
    documentStamp,
    loadComparison,
    loadApprovalPackage,
    tariffHistory,

    generateApprovalPackage,
    /** The renderer's bytes of a layout or workbook (order-workbook.ts renders «Калькуляції» through it). */
    render: (job: RenderJob, report?: ProgressReport) => renderer.render(job, report),

    /** `POST /api/orders/xlsx` with `file: 'comparison'`: «Порівняння тарифів» as a workbook (issue 18). */
    async generateComparisonWorkbook(
      requester: DocumentRequester,
      identifier: string,
      revision?: number,
    ): Promise<{ fileName: string; xlsx: Buffer }> {
      const source = await loadComparison(requester, identifier, revision);
      const xlsx = await renderer.render({
        kind: 'comparison-workbook',
        data: buildComparisonData(source),
        now: new Date(),
      });
      return { fileName: comparisonFileName(source.after.order.name, 'xlsx'), xlsx };
    },

    /**
     * `POST /api/orders/pdf`: one document of the company's calculated order (or the whole set, `print`), as PDF
     * bytes with its name.
     */
    async generate(requester: DocumentRequester, input: OrderPdfInput): Promise<GeneratedDocument> {
      if (input.file === INVOICE_DOCUMENT.file) return generateInvoice(requester, input.identifier);
      if (input.file === APPROVAL_PACKAGE_DOCUMENT.file) {
        const document = await generateApprovalPackage(requester, input, 'pdf');
        return { fileName: document.fileName, pdf: document.bytes };
      }
      if (input.file === COMPARISON_DOCUMENT.file) {
        const comparison = await loadComparison(requester, input.identifier, input.revision);
        const pdf = await renderer.render({
          kind: 'pdf',
          layout: comparisonLayout(buildComparisonData(comparison)),
        });
        return { fileName: comparisonFileName(comparison.after.order.name, 'pdf'), pdf };
      }
      const source = await loadSource(requester, input.identifier, input.revision);
      return renderOrderDocument(source, { ...input, file: input.file });
    },

    renderOrderDocument,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
