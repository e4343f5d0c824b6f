import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/get-users?page&perPage&search` (spec §7; admin only): `{ data, current_page, last_page }`, the one
 * paged answer with its page numbers at the top level (spec §3 "Paged response").
 */
export const useUsers = (params: PageParams) =>
  useQuery(pageQueryOptions(apiRoutes.admin.users, queryKeys.users.page(params), params));
