import { adminUsersPageSchema, type AdminUsersPage } from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { api } from '@/lib/api-client';

/**
 * `GET /api/get-users?page&perPage&search` (spec §7; admin only): `{ data, current_page, last_page }`, the one
 * paged answer with its page numbers at the top level (spec §3 "Paged response").
 */
export const getUsers = (
  { page, perPage, search }: PageParams,
  signal?: AbortSignal,
): Promise<AdminUsersPage> =>
  api.get('/api/get-users', {
    params: { page, perPage, search },
    schema: adminUsersPageSchema,
    signal,
  });

export const getUsersQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: ['users', 'page', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    // The previous page stays on screen, under a spinner, while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: PageParams) => useQuery(getUsersQueryOptions(params));
