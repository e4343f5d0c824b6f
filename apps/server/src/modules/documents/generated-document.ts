import {
  COMPARISON_DOCUMENT,
  INVOICE_DOCUMENT,
  ORDER_DOCUMENTS,
  PRINT_SET_DOCUMENT,
  SERVICE_COSTING_DOCUMENT,
  type OrderDocumentFile,
} from '@medcalc/domain';
import { titledFileName } from './document-source';

/** A generated document: the PDF and the Ukrainian file name to offer it under. */
export interface GeneratedDocument {
  fileName: string;
  pdf: Buffer;
}

/** «Титульна сторінка — <order name>.pdf»: the document's Ukrainian name and the order's. */
export function documentFileName(
  file: OrderDocumentFile | typeof INVOICE_DOCUMENT.file | typeof PRINT_SET_DOCUMENT.file,
  orderName: string,
): string {
  const title =
    file === INVOICE_DOCUMENT.file
      ? INVOICE_DOCUMENT.title
      : file === PRINT_SET_DOCUMENT.file
        ? PRINT_SET_DOCUMENT.title
        : (ORDER_DOCUMENTS.find((document) => document.file === file)?.title ?? file);
  return titledFileName(title, orderName, 'pdf');
}

/** «Порівняння тарифів — <order name>.pdf|xlsx». */
export function comparisonFileName(orderName: string, extension: 'pdf' | 'xlsx'): string {
  return titledFileName(COMPARISON_DOCUMENT.title, orderName, extension);
}

/** «Калькуляція — <service name>.pdf»: the калькуляція of one service is named after the service. */
export function serviceCostingFileName(serviceName: string): string {
  return titledFileName(SERVICE_COSTING_DOCUMENT.title, serviceName, 'pdf');
}
