import { apiRoutes, type OrderApprovalInput } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { formCall, routeQueryOptions } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/orders/{identifier}/tariff-history` (issue 35): each service's cost and tariff over the revisions with
 * the approvals recorded; the administrator's drawer reads `/api/administrator/orders/{identifier}/tariff-history`.
 * Under the orders' prefix, so a change of the order refreshes it.
 */
export const useTariffHistory = (identifier: string, admin = false) =>
  useQuery(
    routeQueryOptions(
      admin ? apiRoutes.admin.orderTariffHistory : apiRoutes.orders.tariffHistory,
      [...queryKeys.orders.all, { identifier, view: 'tariff-history', admin }],
      { path: { identifier } },
    ),
  );

/** `PUT /api/orders/{identifier}/approval`: the founder's decision on the approved revision. */
export const useRecordApproval = () =>
  useApiMutation(apiRoutes.orders.approval, formCall<{ identifier: string }, OrderApprovalInput>, [
    queryKeys.orders.all,
  ]);
