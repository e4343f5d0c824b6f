import type { ComparisonData } from './build-comparison-data';
import type { WorkbookData } from './build-workbook-data';
import { renderPdf, type DocumentLayout } from './pdf-layout';
import { renderComparisonWorkbook } from './render-comparison-workbook';
import { renderWorkbook } from './render-workbook';

/**
 * What a document's rendering needs, as plain data (structured-cloneable: no functions, no class instances but
 * `Date`): the PDF's layout, or the data of a workbook with the time it was asked for. The request builds it (the
 * database read, the data builder and, for a PDF, the layout); a worker of the document pool, or the request's own
 * thread, turns it into bytes (document-pool.ts).
 */
export type RenderJob =
  | { kind: 'pdf'; layout: DocumentLayout }
  | { kind: 'workbook'; data: WorkbookData; now: Date }
  | { kind: 'comparison-workbook'; data: ComparisonData; now: Date };

/** The bytes of the document `job` describes: pdfmake for a PDF, exceljs for a workbook. */
export function renderJob(job: RenderJob): Promise<Buffer> {
  switch (job.kind) {
    case 'pdf':
      return renderPdf(job.layout);
    case 'workbook':
      return renderWorkbook(job.data, job.now);
    case 'comparison-workbook':
      return renderComparisonWorkbook(job.data, job.now);
  }
}
