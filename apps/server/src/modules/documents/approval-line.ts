import { approvedLine } from '@medcalc/domain';
import type { OrderDocumentSource } from './document-source';

/** A signature line: who signs and their name ('' leaves the name to be written by hand). */
export interface SignatureLine {
  position: string;
  name: string;
}

/** The blank date line of the «ЗАТВЕРДЖУЮ» block, which the head fills in when signing. */
export const BLANK_APPROVAL_DATE = '«____» ______________ 20____ р.';

/**
 * The date line of the approval block (title page, калькуляція): «Затверджено рішенням … від … № …» once the
 * founder's decision is recorded on the revision (issue 35), else the blank to fill in by hand.
 */
export const approvalDateLine = (source: Pick<OrderDocumentSource, 'approval'>): string =>
  source.approval ? approvedLine(source.approval) : BLANK_APPROVAL_DATE;
