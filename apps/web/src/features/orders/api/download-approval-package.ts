import {
  APPROVAL_PACKAGE_DOCUMENT,
  DOCX_CONTENT_TYPE,
  apiRoutes,
  type OrderDocxInput,
} from '@medcalc/domain';

import type { FollowDocumentJob } from '@/lib/document-job';
import { downloadFile, type DownloadedFile } from '@/lib/file-download';
import { useFileDownload } from '@/hooks/use-file-download';

import { DOCUMENT_DOWNLOAD_FAILED_MESSAGE } from './download-order-pdf';

/**
 * `POST /api/orders/docx` (issue 35): the approval package of the order (of `revision`) as an editable Word file,
 * annex 2 left out when `withCostings` is false; saved under the server's name, else «<title>.docx».
 */
export const downloadApprovalDocx = (
  { identifier, revision, withCostings }: Omit<OrderDocxInput, 'file'>,
  follow?: FollowDocumentJob,
): Promise<DownloadedFile> =>
  downloadFile(
    apiRoutes.orders.docx,
    {
      body: {
        file: APPROVAL_PACKAGE_DOCUMENT.file,
        identifier,
        ...(revision === undefined ? {} : { revision }),
        ...(withCostings === undefined ? {} : { withCostings }),
      },
      accept: `${DOCX_CONTENT_TYPE}, application/json`,
      fallbackErrorMessage: DOCUMENT_DOWNLOAD_FAILED_MESSAGE,
    },
    `${APPROVAL_PACKAGE_DOCUMENT.title}.docx`,
    follow,
  );

export const useDownloadApprovalDocx = () => useFileDownload(downloadApprovalDocx);
