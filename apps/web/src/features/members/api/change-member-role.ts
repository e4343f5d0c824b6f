import { apiRoutes, type MemberRole } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PATCH /api/members/:identifier` {role}; a 409 (no owner would be left) is toasted. Sent at the choice, as a
 * keep-alive request (issue 33): a reload right after the choice does not cancel it.
 */
export const useChangeMemberRole = () =>
  useApiMutation(
    apiRoutes.members.changeRole,
    ({ identifier, role }: { identifier: string; role: MemberRole }) => ({
      path: { identifier },
      body: { role },
      keepalive: true,
    }),
    [queryKeys.members.all],
  );
