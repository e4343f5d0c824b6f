import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/**
 * `GET /api/administrator/orders/{identifier}` (issue 11, the spec's 'Open'): any company's order read-only, with
 * its services and stored results and its status history, oldest first.
 */
export const getAdminOrderQueryOptions = (identifier: string) =>
  routeQueryOptions(apiRoutes.admin.order, ['orders', { scope: 'admin', identifier }], {
    path: { identifier },
  });

export const useAdminOrder = (identifier: string | undefined) =>
  useQuery({
    ...getAdminOrderQueryOptions(identifier ?? ''),
    enabled: identifier !== undefined,
  });
