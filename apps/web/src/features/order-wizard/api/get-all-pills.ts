import { apiRoutes, type Pill } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company/{companyIdentifier}/pills/all-list` (spec §7): the materials step 3 offers, the provider's
 * template materials first (`companyIdentifier` null), then the company's own.
 */
export const getAllPills = (companyIdentifier: string, signal?: AbortSignal): Promise<Pill[]> =>
  callApi(apiRoutes.pills.allList, {
    path: { companyIdentifier },
    signal,
  });

export const getAllPillsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: queryKeys.pills.allList(companyIdentifier),
    queryFn: ({ signal }) => getAllPills(companyIdentifier, signal),
    enabled: companyIdentifier !== '',
  });

export const useAllPills = (companyIdentifier: string) =>
  useQuery(getAllPillsQueryOptions(companyIdentifier));
