import { apiRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The answers that say the link cannot be used; the page shows them in place of a toast. */
export const DEAD_LINK_STATUSES = [404, 410];

/**
 * `GET /api/invitations/:token` (issue 22, public): which institution invites, with which role, and whether the
 * address already has an account. A 404 (unknown link) or 410 (used, revoked or expired) is the page's own
 * message.
 */
export const getInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitations.of(token),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.members.invitation, {
        path: { token },
        signal,
        quietStatuses: DEAD_LINK_STATUSES,
        redirectOnAuthError: false,
      }),
    // Another tab may have used it meanwhile: asked again each time the page opens.
    staleTime: 0,
  });

export const useInvitation = (token: string) => useQuery(getInvitationQueryOptions(token));
