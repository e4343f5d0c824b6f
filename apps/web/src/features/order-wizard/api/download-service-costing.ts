import { SERVICE_COSTING_DOCUMENT, apiRoutes } from '@medcalc/domain';

import type { FollowDocumentJob } from '@/lib/document-job';
import { downloadFile, type DownloadedFile } from '@/lib/file-download';
import { useFileDownload } from '@/hooks/use-file-download';

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
export const downloadServiceCosting = (
  { identifier, calculationId, name }: ServiceCostingRequest,
  follow?: FollowDocumentJob,
): Promise<DownloadedFile> =>
  downloadFile(
    apiRoutes.orders.pdf,
    {
      body: { file: SERVICE_COSTING_DOCUMENT.file, identifier, calculationId },
      accept: 'application/pdf, application/json',
      fallbackErrorMessage: COSTING_DOWNLOAD_FAILED_MESSAGE,
    },
    `${SERVICE_COSTING_DOCUMENT.title} — ${name}.pdf`,
    follow,
  );

/** Generates one service's калькуляція and saves it on the device; one per button, so each spins alone. */
export const useDownloadServiceCosting = () => useFileDownload(downloadServiceCosting);
