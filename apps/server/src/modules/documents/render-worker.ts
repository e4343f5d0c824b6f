import { renderJob, type RenderJob } from './render-job';

/*
 * A worker thread of the document pool (document-pool.ts, piscina): each task is one document's layout or workbook
 * data, answered with its bytes. Importing render-job.ts loads pdfmake and the fonts once per worker.
 */
export default function renderInWorker(job: RenderJob): Promise<Buffer> {
  return renderJob(job);
}
