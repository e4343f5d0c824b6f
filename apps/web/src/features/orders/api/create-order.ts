import { apiRoutes, type NewOrderInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/company/{companyIdentifier}/orders/add` (spec §7). The answer's message is the success toast
 * (spec §8). A 422 is not a toast: the page puts every message on its row (several rows may each have one) and
 * says above the confirm button that the order was not created.
 */
export const useCreateOrder = () =>
  useApiMutation(
    apiRoutes.orders.add,
    ({ companyIdentifier, data }: { companyIdentifier: string; data: NewOrderInput }) => ({
      path: { companyIdentifier },
      body: data,
      quietStatuses: [422],
    }),
    [queryKeys.orders.all],
  );
