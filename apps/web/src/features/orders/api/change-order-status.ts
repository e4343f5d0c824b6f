import { apiRoutes, type ChangeOrderStatusInput } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PATCH /api/administrator/orders/change-status` (spec §7). Any of the six statuses may be set, in any order
 * (spec §4); the list reloads afterwards (after a failure too: on settled) and a failure is the server's message
 * as a toast (spec §8). The status decides which calculations count as the company's own (formed or later), so
 * those reload too.
 */
export const useChangeOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeOrderStatusInput) =>
      callApi(apiRoutes.admin.changeOrderStatus, { body }),
    onSettled: () =>
      invalidateKeys(queryClient, [queryKeys.orders.all, queryKeys.calculations.all]),
  });
};
