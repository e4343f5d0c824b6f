import { apiRoutes, type AdminOrderDetail } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `GET /api/administrator/orders/{identifier}` (issue 11, the spec's 'Open'): any company's order read-only, with
 * its services and stored results and its status history, oldest first.
 */
export const getAdminOrder = ({
  identifier,
  signal,
}: {
  identifier: string;
  signal?: AbortSignal;
}): Promise<AdminOrderDetail> =>
  callApi(apiRoutes.admin.order, {
    path: { identifier },
    signal,
  });

export const getAdminOrderQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: ['orders', { scope: 'admin', identifier }],
    queryFn: ({ signal }) => getAdminOrder({ identifier, signal }),
  });

export const useAdminOrder = (identifier: string | undefined) =>
  useQuery({
    ...getAdminOrderQueryOptions(identifier ?? ''),
    enabled: identifier !== undefined,
  });
