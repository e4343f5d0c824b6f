import { orderListItemSchema, type OrderListItem } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/**
 * `GET /api/orders` (spec §7): the company's orders. The status is one of the six of spec §4: the server
 * guarantees it (a check constraint on `orders.status`), so the domain's schema is used as it is.
 */
export const getOrders = ({ signal }: { signal?: AbortSignal } = {}): Promise<OrderListItem[]> =>
  api.get('/api/orders', { schema: z.array(orderListItemSchema), signal });

export const getOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', { scope: 'company' }],
    queryFn: ({ signal }) => getOrders({ signal }),
  });

export const useOrders = () => useQuery(getOrdersQueryOptions());
