import { orderDetailSchema, type OrderDetail } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiRequestError } from '@/lib/api-client';

/**
 * `GET /api/orders/{identifier}` (spec §7). While the order is `created` the server answers 403 with a message
 * (spec §1: nothing is filled in before payment); the page shows that message itself, so no toast for it.
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

/** The 403 of an unpaid order (or another refusal) as the server worded it. */
export function readRefusal(error: unknown): { status: number; message: string } | undefined {
  if (!(error instanceof ApiRequestError) || (error.status !== 403 && error.status !== 404)) {
    return undefined;
  }
  return { status: error.status, message: error.message };
}
