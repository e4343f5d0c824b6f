import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/members` (issue 22): the institution's members and, for an owner, its pending invitations. */
export const getMembersQueryOptions = () =>
  routeQueryOptions(apiRoutes.members.page, queryKeys.members.all, {});

export const useMembers = () => useQuery(getMembersQueryOptions());
