import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/**
 * `GET /api/orders` (spec §7): the company's orders. The status is one of the six of spec §4: the server
 * guarantees it (a check constraint on `orders.status`), so the domain's schema is used as it is.
 */
export const getOrdersQueryOptions = () =>
  routeQueryOptions(apiRoutes.orders.list, ['orders', { scope: 'company' }], {});

export const useOrders = () => useQuery(getOrdersQueryOptions());
