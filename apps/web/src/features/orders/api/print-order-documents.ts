import { PRINT_SET_DOCUMENT } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { useFollowDocumentJob } from '@/hooks/use-follow-document-job';
import { useRetryingMutation } from '@/hooks/use-file-download';

import { printPdf, type PrintOutcome } from '../utils/print-pdf';

import { downloadOrderPdf } from './download-order-pdf';

/**
 * «Друк» on the order card (the spec's 'print' operation): `POST /api/orders/pdf` with `file: 'print'` (the five
 * documents and every service's калькуляція in one PDF), then the browser's print dialog on it, or the file saved
 * where a dialog cannot be opened (a phone). Pending from the click until the dialog is asked for; a failure is
 * toasted by the api client in Ukrainian, and a busy server (503) is shown with its message and a retry button.
 */
export function usePrintOrderDocuments() {
  // A large order's set is a job (issue 24 §1): «Формуємо документ…» with its progress, then the dialog.
  const follow = useFollowDocumentJob();
  return useRetryingMutation(
    useMutation<PrintOutcome, Error, { identifier: string }>({
      mutationFn: async ({ identifier }) => {
        const { blob, fileName } = await downloadOrderPdf(
          { file: PRINT_SET_DOCUMENT.file, identifier },
          follow,
        );
        return printPdf(blob, fileName);
      },
    }),
  );
}
