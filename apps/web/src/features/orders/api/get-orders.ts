import { apiRoutes, type OrderListItem } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `GET /api/orders` (spec §7): the company's orders. The status is one of the six of spec §4: the server
 * guarantees it (a check constraint on `orders.status`), so the domain's schema is used as it is.
 */
export const getOrders = ({ signal }: { signal?: AbortSignal } = {}): Promise<OrderListItem[]> =>
  callApi(apiRoutes.orders.list, { signal });

export const getOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', { scope: 'company' }],
    queryFn: ({ signal }) => getOrders({ signal }),
  });

export const useOrders = () => useQuery(getOrdersQueryOptions());
