import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/pills/companies?page&perPage&search` (admin only): the materials companies made, each with its company. */
export const useCompanyPills = (params: PageParams) =>
  useQuery(
    pageQueryOptions(apiRoutes.pills.companiesPage, queryKeys.pills.companiesPage(params), params),
  );
