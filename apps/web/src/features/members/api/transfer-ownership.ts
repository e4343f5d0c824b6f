import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/members/transfer-ownership` {identifier}: they become the owner, the caller an economist. */
export const useTransferOwnership = () =>
  useApiMutation(
    apiRoutes.members.transferOwnership,
    (body: { identifier: string }) => ({ body }),
    // The caller's own role changes too.
    [queryKeys.members.all, queryKeys.user],
  );
