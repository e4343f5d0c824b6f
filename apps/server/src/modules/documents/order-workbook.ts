import { ORDER_WORKBOOK_DOCUMENT, type OrderWorkbookInput } from '@medcalc/domain';
import { buildWorkbookData } from './build-workbook-data';
import { titledFileName } from './document-source';
import type { DocumentsService } from './documents.service';
import type { DocumentRequester } from './revision-reader';

/** A generated workbook: the XLSX bytes and the Ukrainian file name to offer them under. */
export interface GeneratedWorkbook {
  fileName: string;
  xlsx: Buffer;
}

/** «Калькуляції — <order name>.xlsx». */
export function workbookFileName(orderName: string): string {
  return titledFileName(ORDER_WORKBOOK_DOCUMENT.fileTitle, orderName, 'xlsx');
}

/**
 * `POST /api/orders/xlsx` (issue 10 item 8): the workbook of the company's calculated order. The order and its
 * stored results come through the documents service's `loadSource`, so the workbook has the documents' refusals
 * (404 another company's or a missing order, 403 while `created`, 409 while `payed`/`saved`).
 */
export async function generateOrderWorkbook(
  documentsService: Pick<DocumentsService, 'loadSource' | 'render'>,
  requester: DocumentRequester,
  input: OrderWorkbookInput,
): Promise<GeneratedWorkbook> {
  const source = await documentsService.loadSource(requester, input.identifier, input.revision);
  const xlsx = await documentsService.render({
    kind: 'workbook',
    data: buildWorkbookData(source),
    now: new Date(),
  });
  return { fileName: workbookFileName(source.order.name), xlsx };
}
