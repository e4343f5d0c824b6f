import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company/{companyIdentifier}/pills/all-list` (spec §7): the materials step 3 offers, the provider's
 * template materials first (`companyIdentifier` null), then the company's own.
 */
export const getAllPillsQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(apiRoutes.pills.allList, queryKeys.pills.allList(companyIdentifier), {
    path: { companyIdentifier },
  });

export const useAllPills = (companyIdentifier: string) =>
  useQuery(getAllPillsQueryOptions(companyIdentifier));
