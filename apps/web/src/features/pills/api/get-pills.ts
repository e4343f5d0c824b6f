import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

type GetPillsParams = PageParams & { companyIdentifier: string };

/** `GET /api/company/{companyIdentifier}/pills?page&perPage&search` (spec §7): own materials, paged. */
export const getPillsQueryOptions = (params: GetPillsParams) => ({
  ...pageQueryOptions(apiRoutes.pills.ownPage, queryKeys.pills.ownPage(params), params, {
    companyIdentifier: params.companyIdentifier,
  }),
  enabled: params.companyIdentifier !== '',
});

export const usePills = (params: GetPillsParams) => useQuery(getPillsQueryOptions(params));
