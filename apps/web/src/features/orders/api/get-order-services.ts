import { orderDetailSchema, type OrderDetail } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * `GET /api/orders/{identifier}` (spec §7) read for the order card's list of калькуляції: the order's services
 * (`calculations`, keyed by category, each list in position order). The key is the one the wizard reads the same
 * order under (`['orders', { identifier }]`), so the card and the wizard share one cached copy and an
 * invalidation of `['orders']` refreshes both. A failure is toasted by the api client.
 */
export const getOrderServices = ({
  identifier,
  signal,
}: {
  identifier: string;
  signal?: AbortSignal;
}): Promise<OrderDetail> =>
  api.get(`/api/orders/${encodeURIComponent(identifier)}`, { schema: orderDetailSchema, signal });

export const getOrderServicesQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: ['orders', { identifier }],
    queryFn: ({ signal }) => getOrderServices({ identifier, signal }),
  });

/** The order's services, read only once `enabled` (the card's list is opened). */
export const useOrderServices = (identifier: string, enabled: boolean) =>
  useQuery({ ...getOrderServicesQueryOptions(identifier), enabled });
