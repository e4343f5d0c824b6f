import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/orders/{identifier}/tariff-history` (issue 35): each service's cost and tariff over the revisions with
 * the approvals recorded. Under the orders' prefix, so a change of the order refreshes it.
 */
export const useTariffHistory = (identifier: string) =>
  useQuery(
    routeQueryOptions(
      apiRoutes.orders.tariffHistory,
      queryKeys.orders.tariffHistory(identifier, false),
      { path: { identifier } },
    ),
  );
