import { PRINT_SET_DOCUMENT } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { printPdf } from '../utils/print-pdf';

import { downloadOrderPdf } from './download-order-pdf';

/**
 * «Друк» on the order card (the spec's 'print' operation): `POST /api/orders/pdf` with `file: 'print'` (the five
 * documents and every service's калькуляція in one PDF), then the browser's print dialog on it, or the file saved
 * where a dialog cannot be opened (a phone). Pending from the click until the dialog is asked for; a failure is
 * toasted by the api client in Ukrainian.
 */
export const usePrintOrderDocuments = () =>
  useMutation({
    mutationFn: async ({ identifier }: { identifier: string }) => {
      const { blob, fileName } = await downloadOrderPdf({
        file: PRINT_SET_DOCUMENT.file,
        identifier,
      });
      return printPdf(blob, fileName);
    },
  });
