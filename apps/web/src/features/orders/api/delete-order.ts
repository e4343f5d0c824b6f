import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `DELETE /api/orders/{identifier}` (spec §7); the list reloads afterwards. The order's calculations go with it,
 * so the company's own calculations (the create-order page's second tab) reload too and cannot offer one.
 */
export const useDeleteOrder = () =>
  useApiMutation(apiRoutes.orders.remove, (path: { identifier: string }) => ({ path }), [
    queryKeys.orders.all,
    queryKeys.calculations.all,
  ]);
