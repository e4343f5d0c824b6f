import { z } from '../common/zod';
import {
  orderDocxInputSchema,
  orderPdfInputSchema,
  orderWorkbookInputSchema,
} from './order-document.schema';

/*
 * A document call as data (issue 24 §1): what a large document's job stores (`document_jobs.request`) and renders
 * in its turn, parsed with these schemas whenever it is read back.
 */

/** The call: `POST /api/orders/pdf`, `/xlsx` or `/docx` (the administrator's PDF call is a `pdf`) and its body. */
export const documentRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pdf'), input: orderPdfInputSchema }),
  z.object({ kind: z.literal('xlsx'), input: orderWorkbookInputSchema }),
  z.object({ kind: z.literal('docx'), input: orderDocxInputSchema }),
]);
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

/** Who asked: a company member (their company's orders, its name printed) or the administrator (any company's). */
export const documentRequesterSchema = z.union([
  z.object({ companyId: z.number().int().positive(), companyName: z.string() }),
  z.object({ anyCompany: z.literal(true) }),
]);

/** A document job's stored request: the call and who made it. */
export const storedDocumentRequestSchema = z.object({
  requester: documentRequesterSchema,
  request: documentRequestSchema,
});
export type StoredDocumentRequest = z.infer<typeof storedDocumentRequestSchema>;

/** A job whose stored request cannot be read back (a row changed by hand, or by an older release): it fails. */
export const DOCUMENT_JOB_UNREADABLE_MESSAGE =
  'Не вдалося прочитати запит на цей документ. Сформуйте документ ще раз.';
