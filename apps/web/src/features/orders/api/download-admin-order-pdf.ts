import { INVOICE_DOCUMENT, ORDER_DOCUMENTS, type OrderPdfInput } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { fileNameFromContentDisposition, saveFile } from '@/utils/file-download';

import { DOCUMENT_DOWNLOAD_FAILED_MESSAGE, type OrderPdf } from './download-order-pdf';

type AdminPdfInput = Pick<OrderPdfInput, 'file' | 'identifier'>;

/**
 * `POST /api/administrator/orders/pdf` (issue 11): a document of ANY company's order, same body and refusals as
 * `POST /api/orders/pdf`; the name comes from `Content-Disposition`, else the document's title.
 */
export async function downloadAdminOrderPdf({
  file,
  identifier,
}: AdminPdfInput): Promise<OrderPdf> {
  const { blob, headers } = await api.postForBlob('/api/administrator/orders/pdf', {
    body: { file, identifier },
    accept: 'application/pdf, application/json',
    fallbackErrorMessage: DOCUMENT_DOWNLOAD_FAILED_MESSAGE,
  });
  const title =
    [...ORDER_DOCUMENTS, INVOICE_DOCUMENT].find((document) => document.file === file)?.title ??
    'Документ';
  return {
    blob,
    fileName: fileNameFromContentDisposition(headers.get('Content-Disposition'), `${title}.pdf`),
  };
}

/** One download per link, so only the link being generated spins. */
export const useDownloadAdminOrderPdf = () =>
  useMutation({
    mutationFn: downloadAdminOrderPdf,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
