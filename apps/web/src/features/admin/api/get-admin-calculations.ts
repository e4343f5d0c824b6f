import { apiRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company/{companyId}/calculations/calculations-list` (spec §7; admin only): one company's
 * calculations, `{companyId}` being the company's identifier (the `value` of get-companies-list).
 */
export const getAdminCalculationsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: queryKeys.calculations.companyList(companyIdentifier),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.admin.companyCalculations, {
        path: { companyId: companyIdentifier },
        signal,
      }),
    enabled: companyIdentifier !== '',
  });

export const useAdminCalculations = (companyIdentifier: string) =>
  useQuery(getAdminCalculationsQueryOptions(companyIdentifier));
