import { apiRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/invoices` (issue 33, «Оплата»): the invoice of each of the company's orders. Read afresh whenever the
 * page opens: an invoice downloaded from the orders list meanwhile has been given its number.
 */
export const getInvoicesQueryOptions = () =>
  queryOptions({
    ...routeQueryOptions(apiRoutes.orders.invoices, queryKeys.orders.invoices, {}),
    staleTime: 0,
  });

export const useInvoices = () => useQuery(getInvoicesQueryOptions());
