import { orderCreatedResponseSchema, type OrderCreatedResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/orders/duplicate` (spec §7): a new order based on this one; the list reloads afterwards. */
export const duplicateOrder = ({
  identifier,
}: {
  identifier: string;
}): Promise<OrderCreatedResponse> =>
  api.post('/api/orders/duplicate', { body: { identifier }, schema: orderCreatedResponseSchema });

export const useDuplicateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
