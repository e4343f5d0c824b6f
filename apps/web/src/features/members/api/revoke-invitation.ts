import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/members/invitations/:id`: the link in the mail stops working. */
export const useRevokeInvitation = () =>
  useApiMutation(apiRoutes.members.revokeInvitation, (path: { id: number }) => ({ path }), [
    queryKeys.members.all,
  ]);
