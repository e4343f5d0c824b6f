import {
  COMPARISON_DOCUMENT,
  ORDER_WORKBOOK_DOCUMENT,
  XLSX_CONTENT_TYPE,
  apiRoutes,
  type OrderWorkbookInput,
} from '@medcalc/domain';
import type { FollowDocumentJob } from '@/lib/document-job';
import { downloadFile, type DownloadedFile } from '@/lib/file-download';
import { useFileDownload } from '@/hooks/use-file-download';

/** Toasted when a failed answer brings no message of its own (a proxy's HTML page, an empty 500). */
export const WORKBOOK_DOWNLOAD_FAILED_MESSAGE =
  'Не вдалося сформувати файл Excel. Спробуйте ще раз.';

export type OrderWorkbook = DownloadedFile;

/**
 * `POST /api/orders/xlsx` (issue 10 item 8): the workbook «Калькуляції» of the order (the прейскурант and one
 * sheet per category with each service's калькуляція), or with `file: 'comparison'` «Порівняння тарифів»
 * (issue 18), of the current revision or of `revision`; saved under the Ukrainian name the server gives it in
 * `Content-Disposition`, else «<title>.xlsx». Errors come as `{ message }` and are toasted by the api client.
 */
export const downloadOrderWorkbook = (
  { identifier, file, revision }: OrderWorkbookInput,
  follow?: FollowDocumentJob,
): Promise<OrderWorkbook> =>
  downloadFile(
    apiRoutes.orders.workbook,
    {
      body: {
        identifier,
        ...(file === undefined ? {} : { file }),
        ...(revision === undefined ? {} : { revision }),
      },
      accept: `${XLSX_CONTENT_TYPE}, application/json`,
      fallbackErrorMessage: WORKBOOK_DOWNLOAD_FAILED_MESSAGE,
    },
    `${file === COMPARISON_DOCUMENT.file ? COMPARISON_DOCUMENT.title : ORDER_WORKBOOK_DOCUMENT.fileTitle}.xlsx`,
    follow,
  );

/** Generates the workbook and saves it on the device; its link has its own `isPending` spinner. */
export const useDownloadOrderWorkbook = () => useFileDownload(downloadOrderWorkbook);
