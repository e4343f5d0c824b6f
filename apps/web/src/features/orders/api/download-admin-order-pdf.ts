import { apiRoutes, type OrderPdfInput } from '@medcalc/domain';

import type { FollowDocumentJob } from '@/lib/document-job';
import { useFileDownload } from '@/hooks/use-file-download';

import { postForOrderPdf, type OrderPdf } from './download-order-pdf';

/**
 * `POST /api/administrator/orders/pdf` (issue 11): a document of ANY company's order, same body and refusals as
 * `POST /api/orders/pdf`.
 */
export const downloadAdminOrderPdf = (
  input: OrderPdfInput,
  follow?: FollowDocumentJob,
): Promise<OrderPdf> => postForOrderPdf(apiRoutes.admin.orderPdf, input, follow);

/** The administrator's download of any company's document (one per link). */
export const useDownloadAdminOrderPdf = () => useFileDownload(downloadAdminOrderPdf);
