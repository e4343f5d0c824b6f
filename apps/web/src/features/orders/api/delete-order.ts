import { apiRoutes } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `DELETE /api/orders/{identifier}` (spec §7); the list reloads afterwards. The order's calculations go with it,
 * so the company's own calculations (the create-order page's second tab) reload too and cannot offer one.
 */
export const deleteOrder = ({ identifier }: { identifier: string }): Promise<unknown> =>
  callApi(apiRoutes.orders.remove, { path: { identifier } });

export const useDeleteOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['calculations'] }),
      ]),
  });
};
