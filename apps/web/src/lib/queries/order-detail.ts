import { apiRoutes, type OrderDetail } from '@medcalc/domain';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/orders/{identifier}` (spec §7): one of the company's orders with its services (`calculations`, keyed
 * by category, each list in position order). The wizard edits it and the order card lists its калькуляції; both
 * read it through these options, so they share one cached copy under one key (`['orders', { identifier }]`, the
 * orders' prefix: an invalidation of `['orders']` anywhere refreshes it) and one way of fetching it. While the
 * order is `created` the server answers 403 with a message (spec §1: nothing is filled in before payment), and
 * another company's order 404: the pages show those refusals themselves, so they are not toasted; any other
 * failure is, by the api client.
 */
export const getOrderDetail = ({
  identifier,
  signal,
}: {
  identifier: string;
  signal?: AbortSignal;
}): Promise<OrderDetail> =>
  callApi(apiRoutes.orders.detail, {
    path: { identifier },
    signal,
    quietStatuses: [403, 404],
  });

export const orderDetailQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(identifier),
    queryFn: ({ signal }) => getOrderDetail({ identifier, signal }),
  });
