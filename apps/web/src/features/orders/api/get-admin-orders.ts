import { adminOrderListItemSchema } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/** The admin list item with the status read as any text (spec §4 "status not defined"). */
const adminOrdersAnswerSchema = z.array(adminOrderListItemSchema.extend({ status: z.string() }));
export type AdminOrderEntry = z.infer<typeof adminOrdersAnswerSchema>[number];

/** `GET /api/administrator/orders` (spec §7): the orders of every company, for the admin panel. */
export const getAdminOrders = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  AdminOrderEntry[]
> => api.get('/api/administrator/orders', { schema: adminOrdersAnswerSchema, signal });

export const getAdminOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', { scope: 'admin' }],
    queryFn: ({ signal }) => getAdminOrders({ signal }),
  });

export const useAdminOrders = () => useQuery(getAdminOrdersQueryOptions());
