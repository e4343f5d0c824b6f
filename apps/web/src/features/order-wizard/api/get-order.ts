import { orderDetailSchema, type OrderDetail } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiRequestError } from '@/lib/api-client';

/**
 * `GET /api/orders/{identifier}` (spec §7): the order the wizard edits. While the order is `created` the server
 * answers 403 with a message (spec §1: nothing is filled in before payment), and another company's order 404;
 * the wizard shows those itself, so no toast for them. The key is the orders feature's (`['orders', {…}]`), so
 * an invalidation of `['orders']` anywhere reaches this page too.
 */
export const getOrder = ({
  identifier,
  signal,
}: {
  identifier: string;
  signal?: AbortSignal;
}): Promise<OrderDetail> =>
  api.get(`/api/orders/${encodeURIComponent(identifier)}`, {
    schema: orderDetailSchema,
    signal,
    quietStatuses: [403, 404],
  });

export const getOrderQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: ['orders', { identifier }],
    queryFn: ({ signal }) => getOrder({ identifier, signal }),
  });

export const useOrder = (identifier: string) => useQuery(getOrderQueryOptions(identifier));

/** The refusal of an unpaid (403) or unknown (404) order, as the server worded it. */
export function readOrderRefusal(
  error: unknown,
): { status: 403 | 404; message: string } | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status !== 403 && error.status !== 404) return undefined;
  return { status: error.status, message: error.message };
}
