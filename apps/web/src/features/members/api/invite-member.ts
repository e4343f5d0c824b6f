import { apiRoutes, type InviteMemberInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/members/invitations` {email, role} (issue 22): a 422 (a member's or an invited address) shows under the
 * field. Like each of the owner's calls of the members page, it refreshes the members list; the success message
 * is the server's, toasted by the api client.
 */
export const useInviteMember = () =>
  useApiMutation(
    apiRoutes.members.invite,
    (input: InviteMemberInput) => ({ body: input, inlineFieldErrors: true as const }),
    [queryKeys.members.all],
  );
