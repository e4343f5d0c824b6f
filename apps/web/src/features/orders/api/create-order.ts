import { apiRoutes, type NewOrderInput, type OrderCreatedResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `POST /api/company/{companyIdentifier}/orders/add` (spec §7). The answer's message is the success toast
 * (spec §8). A 422 is not a toast: the page puts every message on its row (several rows may each have one) and
 * says above the confirm button that the order was not created.
 */
export const createOrder = ({
  companyIdentifier,
  data,
}: {
  companyIdentifier: string;
  data: NewOrderInput;
}): Promise<OrderCreatedResponse> =>
  callApi(apiRoutes.orders.add, {
    path: { companyIdentifier },
    body: data,
    quietStatuses: [422],
  });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
