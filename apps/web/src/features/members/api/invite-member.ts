import { apiRoutes, type InviteMemberInput, type MemberRole } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/*
 * The owner's calls of the members page (issue 22). Each refreshes the members list; the success message is the
 * server's, toasted by the api client.
 */

const MEMBERS = [queryKeys.members.all];

/** `POST /api/members/invitations` {email, role}: a 422 (a member's or an invited address) shows under the field. */
export const useInviteMember = () =>
  useApiMutation(
    apiRoutes.members.invite,
    (input: InviteMemberInput) => ({ body: input, inlineFieldErrors: true as const }),
    MEMBERS,
  );

/** `DELETE /api/members/invitations/:id`: the link in the mail stops working. */
export const useRevokeInvitation = () =>
  useApiMutation(apiRoutes.members.revokeInvitation, (path: { id: number }) => ({ path }), MEMBERS);

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
    MEMBERS,
  );

/** `DELETE /api/members/:identifier`: the member's account is deleted and their sessions end. */
export const useRemoveMember = () =>
  useApiMutation(apiRoutes.members.remove, (path: { identifier: string }) => ({ path }), MEMBERS);

/** `POST /api/members/transfer-ownership` {identifier}: they become the owner, the caller an economist. */
export const useTransferOwnership = () =>
  useApiMutation(
    apiRoutes.members.transferOwnership,
    (body: { identifier: string }) => ({ body }),
    // The caller's own role changes too.
    [...MEMBERS, ['user']],
  );
