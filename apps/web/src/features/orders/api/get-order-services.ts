import { apiRoutes, type OrderServices } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `GET /api/orders/{identifier}/services` (issue 13): the order's services read-only, at any status, so an unpaid
 * order's card can show what was ordered (the wizard's `GET /api/orders/{identifier}` waits for payment). Under the
 * orders' prefix, so an invalidation of `['orders']` refreshes it.
 */
export const getOrderServices = ({
  identifier,
  signal,
}: {
  identifier: string;
  signal?: AbortSignal;
}): Promise<OrderServices> =>
  callApi(apiRoutes.orders.services, {
    path: { identifier },
    signal,
  });

export const getOrderServicesQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: ['orders', { identifier, view: 'services' }],
    queryFn: ({ signal }) => getOrderServices({ identifier, signal }),
  });

/** The order's services, read only while `enabled` (the read-only view is open). */
export const useOrderServices = (identifier: string, enabled: boolean) =>
  useQuery({ ...getOrderServicesQueryOptions(identifier), enabled });
