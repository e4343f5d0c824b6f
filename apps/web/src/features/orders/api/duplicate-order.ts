import { apiRoutes, type OrderCreatedResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/** `POST /api/orders/duplicate` (spec §7): a new order based on this one; the list reloads afterwards. */
export const duplicateOrder = ({
  identifier,
}: {
  identifier: string;
}): Promise<OrderCreatedResponse> => callApi(apiRoutes.orders.duplicate, { body: { identifier } });

export const useDuplicateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
