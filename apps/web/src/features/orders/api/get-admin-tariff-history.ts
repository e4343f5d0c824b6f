import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/administrator/orders/{identifier}/tariff-history` (issue 35): the administrator's drawer reads any
 * company's order's tariff history, as `useTariffHistory` the company's own.
 */
export const useAdminTariffHistory = (identifier: string) =>
  useQuery(
    routeQueryOptions(
      apiRoutes.admin.orderTariffHistory,
      queryKeys.orders.tariffHistory(identifier, true),
      { path: { identifier } },
    ),
  );
