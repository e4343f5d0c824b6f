import { PageTitle } from '@/components/ui/page-title';
import { getInvoicesQueryOptions } from '@/features/orders/api/get-invoices';
import { InvoicesTable } from '@/features/orders/components/invoices-table';

import { prefetchForCompany } from '../../route-prefetch';

/** The invoices start loading with the page's code. */
export const loader = prefetchForCompany((queryClient) => {
  void queryClient.prefetchQuery(getInvoicesQueryOptions());
});

/** Issue 33 (account menu «Оплата», `/payments`): the institution's invoices and their payment. */
export default function PaymentsRoute() {
  return (
    <>
      <PageTitle>Оплата</PageTitle>
      <InvoicesTable />
    </>
  );
}
