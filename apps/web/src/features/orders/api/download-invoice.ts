import { INVOICE_DOCUMENT } from '@medcalc/domain';
import { useQueryClient } from '@tanstack/react-query';

import { useFileDownload } from '@/hooks/use-file-download';
import { queryKeys } from '@/lib/query-keys';

import { downloadOrderPdf } from './download-order-pdf';

/**
 * The «Рахунок на оплату» of one order (`POST /api/orders/pdf`, `file: 'invoice'`), saved on the device. Its first
 * issue gives the invoice its number, so the invoices list is read again afterwards.
 */
export function useDownloadInvoice() {
  const queryClient = useQueryClient();
  return useFileDownload(async ({ identifier }: { identifier: string }, follow) => {
    const file = await downloadOrderPdf({ file: INVOICE_DOCUMENT.file, identifier }, follow);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.invoices });
    return file;
  });
}
