import { SERVICE_COSTING_DOCUMENT } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { fileNameFromContentDisposition, saveFile } from '@/utils/file-download';

/** Toasted when a failed answer brings no message of its own (a proxy's HTML page, an empty 500). */
export const COSTING_DOWNLOAD_FAILED_MESSAGE =
  'Не вдалося сформувати калькуляцію. Спробуйте ще раз.';

/** Which service's калькуляція: the order and the service's calculation id; the name for a fallback file name. */
export type ServiceCostingRequest = { identifier: string; calculationId: number; name: string };

/**
 * `POST /api/orders/pdf` with `file: 'calculation'` (issue 10 item 6): the калькуляція of one service of the
 * order as a PDF, under the Ukrainian name the server gives it in `Content-Disposition` (else «Калькуляція —
 * <service>.pdf»). A refusal's message is toasted by the api client.
 */
export async function downloadServiceCosting({
  identifier,
  calculationId,
  name,
}: ServiceCostingRequest): Promise<{ blob: Blob; fileName: string }> {
  const { blob, headers } = await api.postForBlob('/api/orders/pdf', {
    body: { file: SERVICE_COSTING_DOCUMENT.file, identifier, calculationId },
    accept: 'application/pdf, application/json',
    fallbackErrorMessage: COSTING_DOWNLOAD_FAILED_MESSAGE,
  });
  return {
    blob,
    fileName: fileNameFromContentDisposition(
      headers.get('Content-Disposition'),
      `${SERVICE_COSTING_DOCUMENT.title} — ${name}.pdf`,
    ),
  };
}

/** Generates one service's калькуляція and saves it on the device; one per button, so each spins alone. */
export const useDownloadServiceCosting = () =>
  useMutation({
    mutationFn: downloadServiceCosting,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
