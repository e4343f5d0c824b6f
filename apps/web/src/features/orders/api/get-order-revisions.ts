import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/**
 * `GET /api/orders/{identifier}/revisions` (issue 18): the order's revisions, oldest first, the last one current,
 * each with its status and dates. Under the orders' prefix, so an invalidation of `['orders']` refreshes it.
 */
export const getOrderRevisionsQueryOptions = (identifier: string) =>
  routeQueryOptions(apiRoutes.orders.revisions, ['orders', { identifier, view: 'revisions' }], {
    path: { identifier },
  });

/** The order's revisions, read only while `enabled` (the order has more than one). */
export const useOrderRevisions = (identifier: string, enabled: boolean) =>
  useQuery({ ...getOrderRevisionsQueryOptions(identifier), enabled });
