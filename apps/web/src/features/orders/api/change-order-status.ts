import { apiRoutes, type MessageResponse, type OrderStatus } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `PATCH /api/administrator/orders/change-status` (spec §7). Any of the six statuses may be set, in any order
 * (spec §4); the list reloads afterwards and a failure is the server's message as a toast (spec §8). The status
 * decides which calculations count as the company's own (formed or later), so those reload too.
 */
export const changeOrderStatus = (input: {
  identifier: string;
  status: OrderStatus;
}): Promise<MessageResponse> => callApi(apiRoutes.admin.changeOrderStatus, { body: input });

export const useChangeOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['calculations'] }),
      ]),
  });
};
