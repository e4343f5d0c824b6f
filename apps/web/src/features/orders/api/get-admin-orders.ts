import { adminOrderListItemSchema, type AdminOrderListItem } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/**
 * `GET /api/administrator/orders` (spec §7): the orders of every company, for the admin panel. The status is
 * one of the six of spec §4 (a check constraint on the server), so the domain's schema is used as it is.
 */
export const getAdminOrders = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  AdminOrderListItem[]
> => api.get('/api/administrator/orders', { schema: z.array(adminOrderListItemSchema), signal });

export const getAdminOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', { scope: 'admin' }],
    queryFn: ({ signal }) => getAdminOrders({ signal }),
  });

export const useAdminOrders = () => useQuery(getAdminOrdersQueryOptions());
