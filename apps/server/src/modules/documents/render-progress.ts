import type { DocumentJobProgress, DocumentJobProgressUnit } from '@medcalc/domain';
import type { DocumentLayout } from './layouts/pdf-layout';

/*
 * How far a document's rendering has come (issue 24 §1), reported by whoever renders it (a worker of the document
 * pool, or the calling thread) to the job that waits for it: first the services of the print set laid out as
 * layouts, then the pages pdfmake has laid out. pdfmake does not know a document's pages before it has laid them
 * all out, so the pages' total is estimated from the rows of the layout ({@link estimatePages}); the percent never
 * reaches 100 before the file is ready.
 */

export type RenderProgress = DocumentJobProgress;

/** Receives the progress of one rendering; called often, so it should be cheap (the job throttles its writes). */
export type ProgressReport = (progress: RenderProgress) => void;

/** The share of a print set's work that building the services' layouts takes, before pdfmake lays out pages. */
const LAYOUT_SHARE = 5;

/** Rows (table rows, paragraphs) that fill one page on average, measured on print sets of the worked orders. */
const ROWS_PER_PAGE = 30;

/** A progress of `done` of `total` `unit`s, as the share `from`–`to` of the whole job. */
export function progressOf(
  unit: DocumentJobProgressUnit,
  done: number,
  total: number,
  [from, to]: readonly [number, number],
): RenderProgress {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return { unit, done, total, percent: Math.min(99, Math.floor(from + share * (to - from))) };
}

/** The part of the bar the services' layouts take, and the part pdfmake's pages take. */
export const LAYOUT_RANGE = [0, LAYOUT_SHARE] as const;
export const PAGES_RANGE = [LAYOUT_SHARE, 99] as const;

/** Table rows and paragraphs of a layout's content: what fills its pages. */
function rowsOf(node: unknown): number {
  if (Array.isArray(node)) return node.reduce<number>((sum, child) => sum + rowsOf(child), 0);
  if (typeof node !== 'object' || node === null) return typeof node === 'string' ? 1 : 0;
  const record = node as Record<string, unknown>;
  const table = record.table as { body?: unknown[] } | undefined;
  if (table && Array.isArray(table.body)) return table.body.length;
  if (Array.isArray(record.stack)) return rowsOf(record.stack);
  if (Array.isArray(record.columns)) return Math.max(1, ...record.columns.map(rowsOf));
  if (Array.isArray(record.ul) || Array.isArray(record.ol)) return rowsOf(record.ul ?? record.ol);
  return 'text' in record ? 1 : 0;
}

/** The pages a layout is expected to fill: its rows over the rows of an average page, each part at least one. */
export function estimatePages(layout: DocumentLayout): number {
  const content = Array.isArray(layout.content) ? layout.content : [layout.content];
  return Math.max(
    1,
    content.reduce<number>(
      (sum, part) => sum + Math.max(1, Math.ceil(rowsOf(part) / ROWS_PER_PAGE)),
      0,
    ),
  );
}
