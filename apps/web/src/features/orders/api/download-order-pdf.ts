import {
  COMPARISON_DOCUMENT,
  INVOICE_DOCUMENT,
  ORDER_DOCUMENTS,
  PRINT_SET_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  type OrderPdfInput,
} from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { fileNameFromContentDisposition, saveFile } from '@/utils/file-download';

/** Toasted when a failed answer brings no message of its own (a proxy's HTML page, an empty 500). */
export const DOCUMENT_DOWNLOAD_FAILED_MESSAGE = 'Не вдалося сформувати документ. Спробуйте ще раз.';

export type OrderPdf = { blob: Blob; fileName: string };

/** The document's own title, for the file name when the server does not give one. */
function fallbackFileName(file: OrderPdfInput['file']): string {
  const title =
    [
      ...ORDER_DOCUMENTS,
      INVOICE_DOCUMENT,
      SERVICE_COSTING_DOCUMENT,
      PRINT_SET_DOCUMENT,
      COMPARISON_DOCUMENT,
    ].find((document) => document.file === file)?.title ?? 'Документ';
  return `${title}.pdf`;
}

/**
 * Posts `input` to a call that answers one of the order's PDFs and names the file: the Ukrainian name the server
 * gives it in `Content-Disposition` (`filename*`, else `filename`), else «<title>.pdf». `calculationId` and
 * `revision` (issue 18: an earlier revision's document; absent means the current one) are sent only when given.
 * Errors come as `{ message }` and are toasted by the api client (a Ukrainian fallback when there is none).
 */
async function postForOrderPdf(
  path: string,
  { file, identifier, calculationId, revision }: OrderPdfInput,
): Promise<OrderPdf> {
  const { blob, headers } = await api.postForBlob(path, {
    body: {
      file,
      identifier,
      ...(calculationId === undefined ? {} : { calculationId }),
      ...(revision === undefined ? {} : { revision }),
    },
    accept: 'application/pdf, application/json',
    fallbackErrorMessage: DOCUMENT_DOWNLOAD_FAILED_MESSAGE,
  });
  return {
    blob,
    fileName: fileNameFromContentDisposition(
      headers.get('Content-Disposition'),
      fallbackFileName(file),
    ),
  };
}

/**
 * `POST /api/orders/pdf` (spec §7): one of the order's PDFs (the five, the invoice, the калькуляція of the service
 * `calculationId`, the whole set to print, or «Порівняння тарифів»), of the current revision or of `revision`.
 * The session cookie authorises it.
 */
export const downloadOrderPdf = (input: OrderPdfInput): Promise<OrderPdf> =>
  postForOrderPdf('/api/orders/pdf', input);

/**
 * `POST /api/administrator/orders/pdf` (issue 11): a document of ANY company's order, same body and refusals as
 * `POST /api/orders/pdf`.
 */
export const downloadAdminOrderPdf = (input: OrderPdfInput): Promise<OrderPdf> =>
  postForOrderPdf('/api/administrator/orders/pdf', input);

/**
 * A download that saves what it got on the device. Use one per link: each link then has its own `isPending`,
 * so only the one being generated spins while the others stay usable.
 */
export const useFileDownload = <TInput>(
  download: (input: TInput) => Promise<{ blob: Blob; fileName: string }>,
) =>
  useMutation({
    mutationFn: download,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });

/** Generates one of the order's documents and saves it (one per link). */
export const useDownloadOrderPdf = () => useFileDownload(downloadOrderPdf);

/** The administrator's download of any company's document (one per link). */
export const useDownloadAdminOrderPdf = () => useFileDownload(downloadAdminOrderPdf);
