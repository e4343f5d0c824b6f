import {
  APPROVAL_PACKAGE_DOCUMENT,
  COMPARISON_DOCUMENT,
  INVOICE_DOCUMENT,
  ORDER_DOCUMENTS,
  PRINT_SET_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  apiRoutes,
  type OrderPdfInput,
} from '@medcalc/domain';

import type { FollowDocumentJob } from '@/lib/document-job';
import { downloadFile, type DownloadedFile } from '@/lib/file-download';
import { useFileDownload } from '@/hooks/use-file-download';

/** Toasted when a failed answer brings no message of its own (a proxy's HTML page, an empty 500). */
export const DOCUMENT_DOWNLOAD_FAILED_MESSAGE = 'Не вдалося сформувати документ. Спробуйте ще раз.';

export type OrderPdf = DownloadedFile;

/** The document's own title, for the file name when the server does not give one. */
function fallbackFileName(file: OrderPdfInput['file']): string {
  const title =
    [
      ...ORDER_DOCUMENTS,
      INVOICE_DOCUMENT,
      SERVICE_COSTING_DOCUMENT,
      PRINT_SET_DOCUMENT,
      COMPARISON_DOCUMENT,
      APPROVAL_PACKAGE_DOCUMENT,
    ].find((document) => document.file === file)?.title ?? 'Документ';
  return `${title}.pdf`;
}

/**
 * Posts `input` to a call that answers one of the order's PDFs, saved under the server's name, else
 * «<title>.pdf». `calculationId` and `revision` (issue 18: an earlier revision's document; absent means the
 * current one) are sent only when given.
 */
export const postForOrderPdf = (
  route: typeof apiRoutes.orders.pdf | typeof apiRoutes.admin.orderPdf,
  { file, identifier, calculationId, revision, withCostings }: OrderPdfInput,
  follow?: FollowDocumentJob,
): Promise<OrderPdf> =>
  downloadFile(
    route,
    {
      body: {
        file,
        identifier,
        ...(calculationId === undefined ? {} : { calculationId }),
        ...(revision === undefined ? {} : { revision }),
        ...(withCostings === undefined ? {} : { withCostings }),
      },
      accept: 'application/pdf, application/json',
      fallbackErrorMessage: DOCUMENT_DOWNLOAD_FAILED_MESSAGE,
    },
    fallbackFileName(file),
    follow,
  );

/**
 * `POST /api/orders/pdf` (spec §7): one of the order's PDFs (the five, the invoice, the калькуляція of the service
 * `calculationId`, the whole set to print, or «Порівняння тарифів»), of the current revision or of `revision`.
 * The session cookie authorises it.
 */
export const downloadOrderPdf = (
  input: OrderPdfInput,
  follow?: FollowDocumentJob,
): Promise<OrderPdf> => postForOrderPdf(apiRoutes.orders.pdf, input, follow);

/** Generates one of the order's documents and saves it (one per link). */
export const useDownloadOrderPdf = () => useFileDownload(downloadOrderPdf);
