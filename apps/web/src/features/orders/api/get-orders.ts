import { orderListItemSchema } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/**
 * The list item of the domain with the status read as any text: spec §4 shows a value outside the six as
 * 'Статус не визначено' instead of failing the whole list.
 */
const orderListAnswerSchema = z.array(orderListItemSchema.extend({ status: z.string() }));
export type OrderListEntry = z.infer<typeof orderListAnswerSchema>[number];

/** `GET /api/orders` (spec §7): the company's orders. */
export const getOrders = ({ signal }: { signal?: AbortSignal } = {}): Promise<OrderListEntry[]> =>
  api.get('/api/orders', { schema: orderListAnswerSchema, signal });

export const getOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', { scope: 'company' }],
    queryFn: ({ signal }) => getOrders({ signal }),
  });

export const useOrders = () => useQuery(getOrdersQueryOptions());
