import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/**
 * `GET /api/orders/{identifier}/services` (issue 13): the order's services read-only, at any status, so an unpaid
 * order's card can show what was ordered (the wizard's `GET /api/orders/{identifier}` waits for payment). Under the
 * orders' prefix, so an invalidation of `['orders']` refreshes it.
 */
export const getOrderServicesQueryOptions = (identifier: string) =>
  routeQueryOptions(apiRoutes.orders.services, ['orders', { identifier, view: 'services' }], {
    path: { identifier },
  });

/** The order's services, read only while `enabled` (the read-only view is open). */
export const useOrderServices = (identifier: string, enabled: boolean) =>
  useQuery({ ...getOrderServicesQueryOptions(identifier), enabled });
