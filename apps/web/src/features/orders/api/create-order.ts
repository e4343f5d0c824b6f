import {
  orderCreatedResponseSchema,
  type NewOrderInput,
  type OrderCreatedResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * `POST /api/company/{companyIdentifier}/orders/add` (spec §7). The answer's message is the success toast
 * (spec §8); field errors are placed on the rows by the page.
 */
export const createOrder = ({
  companyIdentifier,
  data,
}: {
  companyIdentifier: string;
  data: NewOrderInput;
}): Promise<OrderCreatedResponse> =>
  api.post(`/api/company/${encodeURIComponent(companyIdentifier)}/orders/add`, {
    body: data,
    schema: orderCreatedResponseSchema,
  });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
