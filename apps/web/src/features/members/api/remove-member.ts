import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/members/:identifier`: the member's account is deleted and their sessions end. */
export const useRemoveMember = () =>
  useApiMutation(apiRoutes.members.remove, (path: { identifier: string }) => ({ path }), [
    queryKeys.members.all,
  ]);
