import {
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
    [...ORDER_DOCUMENTS, INVOICE_DOCUMENT, SERVICE_COSTING_DOCUMENT, PRINT_SET_DOCUMENT].find(
      (document) => document.file === file,
    )?.title ?? 'Документ';
  return `${title}.pdf`;
}

/**
 * `POST /api/orders/pdf` (spec §7): one of the order's PDFs (the five, the invoice, the калькуляція of the service
 * `calculationId`, or the whole set to print), with the Ukrainian name the server gives it in
 * `Content-Disposition` (`filename*`, else `filename`, else «<title>.pdf»). The session cookie authorises it;
 * errors come as `{ message }` and are toasted by the api client.
 */
export async function downloadOrderPdf({
  file,
  identifier,
  calculationId,
}: OrderPdfInput): Promise<OrderPdf> {
  const { blob, headers } = await api.postForBlob('/api/orders/pdf', {
    body: calculationId === undefined ? { file, identifier } : { file, identifier, calculationId },
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
 * Generates one document and saves it on the device. Use one per link: each link then has its own `isPending`,
 * so only the one being generated spins while the others stay usable.
 */
export const useDownloadOrderPdf = () =>
  useMutation({
    mutationFn: downloadOrderPdf,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
