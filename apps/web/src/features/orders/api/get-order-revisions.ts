import { apiRoutes, type OrderRevisions } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `GET /api/orders/{identifier}/revisions` (issue 18): the order's revisions, oldest first, the last one current,
 * each with its status and dates. Under the orders' prefix, so an invalidation of `['orders']` refreshes it.
 */
export const getOrderRevisions = ({
  identifier,
  signal,
}: {
  identifier: string;
  signal?: AbortSignal;
}): Promise<OrderRevisions> =>
  callApi(apiRoutes.orders.revisions, {
    path: { identifier },
    signal,
  });

export const getOrderRevisionsQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: ['orders', { identifier, view: 'revisions' }],
    queryFn: ({ signal }) => getOrderRevisions({ identifier, signal }),
  });

/** The order's revisions, read only while `enabled` (the order has more than one). */
export const useOrderRevisions = (identifier: string, enabled: boolean) =>
  useQuery({ ...getOrderRevisionsQueryOptions(identifier), enabled });
