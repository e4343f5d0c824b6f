import { apiRoutes, type OrderApprovalInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/orders/{identifier}/approval`: the founder's decision on the approved revision. */
export const useRecordApproval = () =>
  useApiMutation(apiRoutes.orders.approval, formCall<{ identifier: string }, OrderApprovalInput>, [
    queryKeys.orders.all,
  ]);
