import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/orders/duplicate` (spec §7): a new order based on this one; the list reloads afterwards. */
export const useDuplicateOrder = () =>
  useApiMutation(apiRoutes.orders.duplicate, (body: { identifier: string }) => ({ body }), [
    queryKeys.orders.all,
  ]);
