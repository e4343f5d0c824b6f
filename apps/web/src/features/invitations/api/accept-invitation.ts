import { apiRoutes, type AcceptInvitationInput } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';

import { DEAD_LINK_STATUSES } from './get-invitation';

/**
 * `POST /api/invitations/:token/accept` (issue 22): joins the institution and signs in (the session cookie is
 * set like after registration), so the user is the one the answer names. Field errors stay under the fields; a
 * 409 (a member of another institution) and a dead link are the form's own message.
 */
export const useAcceptInvitation = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) =>
      callApi(apiRoutes.members.acceptInvitation, {
        path: { token },
        body: input,
        refreshCsrf: true,
        inlineFieldErrors: true,
        redirectOnAuthError: false,
        quietStatuses: [409, ...DEAD_LINK_STATUSES],
      }),
    onSuccess: ({ user }) => {
      // Whatever was cached belonged to the session before (another institution, or nobody).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
};
