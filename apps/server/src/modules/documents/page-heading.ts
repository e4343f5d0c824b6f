import { buildDocumentHeading } from './document-source';
import type { DocumentHeading, OrderDocumentSource } from './document-source';

/**
 * The heading every page carries (document-source.ts `buildDocumentHeading`) with the order's revision (issue 18):
 * «Редакція N» once the order's data has been updated at least once, nothing for the first revision, so the
 * documents of an order never re-priced read as before.
 */
export interface PageHeading extends DocumentHeading {
  /** «Редакція 2», or null for the first revision (or a source without one). */
  revisionLabel: string | null;
}

/** «Редакція N» for a revision after the first, else null. */
export function revisionLabelOf(revision: number | undefined): string | null {
  return revision !== undefined && revision > 1 ? `Редакція ${revision}` : null;
}

/** The page heading of every document of the order, with its revision. */
export function buildPageHeading(source: OrderDocumentSource): PageHeading {
  return {
    ...buildDocumentHeading(source),
    revisionLabel: revisionLabelOf(source.order.revision),
  };
}
