import type { ApprovalPackageData } from './build-approval-package-data';
import type { ComparisonData } from './build-comparison-data';
import type { WorkbookData } from './build-workbook-data';
import type { OrderDocumentSource } from './document-source';
import { orderDocumentLayout, type OrderLayoutDocument } from './layouts/order-documents';
import type { DocumentLayout } from './layouts/pdf-layout';
import { renderPdf } from './render-pdf';
import { renderApprovalDocx } from './render-approval-docx';
import { approvalPackageLayout } from './layouts/approval-package';
import { renderComparisonWorkbook } from './render-comparison-workbook';
import { PAGES_RANGE, estimatePages, progressOf, type ProgressReport } from './render-progress';
import { renderWorkbook } from './render-workbook';

/**
 * What a document's rendering needs, as plain data (structured-cloneable: no functions, no class instances but
 * `Date`): the PDF's layout, or the data of a workbook with the time it was asked for. The request builds it (the
 * database read, the data builder and, for a PDF, the layout); a worker of the document pool, or the request's own
 * thread, turns it into bytes (document-pool.ts).
 */
export type RenderJob =
  | { kind: 'pdf'; layout: DocumentLayout }
  /**
   * One of the order's documents, the print set or one service's калькуляція, laid out where it is rendered
   * (issue 21): the order's data is a fraction of the layout's size, and building the layout of a large print set
   * takes hundreds of ms, so neither the layout nor its structured clone runs on the event loop.
   */
  | {
      kind: 'order-pdf';
      document: OrderLayoutDocument;
      source: OrderDocumentSource;
      /** The PDF's CreationDate: when the document was asked for. */
      creationDate: Date;
    }
  /** The approval package (issue 35) as a PDF or a Word file, laid out where it is rendered. */
  | { kind: 'approval-pdf'; data: ApprovalPackageData }
  | { kind: 'approval-docx'; data: ApprovalPackageData }
  | { kind: 'workbook'; data: WorkbookData; now: Date }
  | { kind: 'comparison-workbook'; data: ComparisonData; now: Date };

/**
 * The bytes of the document `job` describes: pdfmake for a PDF, exceljs for a workbook. `report` hears how far an
 * order's PDF has come (render-progress.ts): the services laid out, then the pages.
 */
export function renderJob(job: RenderJob, report?: ProgressReport): Promise<Buffer> {
  switch (job.kind) {
    case 'pdf':
      return renderPdf(job.layout);
    case 'order-pdf':
      return orderDocumentLayout(job.document, job.source, report).then((layout) => {
        const dated = { ...layout, info: { ...layout.info, creationDate: job.creationDate } };
        if (!report) return renderPdf(dated);
        const pages = estimatePages(dated);
        report(progressOf('pages', 0, pages, PAGES_RANGE));
        return renderPdf(dated, (page) =>
          report(progressOf('pages', page, Math.max(pages, page), PAGES_RANGE)),
        );
      });
    case 'approval-pdf':
      return renderPdf(approvalPackageLayout(job.data));
    case 'approval-docx':
      return renderApprovalDocx(job.data);
    case 'workbook':
      return renderWorkbook(job.data, job.now);
    case 'comparison-workbook':
      return renderComparisonWorkbook(job.data, job.now);
  }
}
