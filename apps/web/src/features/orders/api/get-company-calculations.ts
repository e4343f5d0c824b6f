import { apiRoutes, type CompanyCalculationsEntry } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `GET /api/company/{companyIdentifier}/calculations` (spec §7): the company's own earlier calculations grouped
 * by category, offered as sources of a new order.
 */
export const getCompanyCalculations = ({
  companyIdentifier,
  signal,
}: {
  companyIdentifier: string;
  signal?: AbortSignal;
}): Promise<CompanyCalculationsEntry[]> =>
  callApi(apiRoutes.orders.companyCalculations, {
    path: { companyIdentifier },
    signal,
  });

export const getCompanyCalculationsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['calculations', { companyIdentifier, view: 'by-category' }],
    queryFn: ({ signal }) => getCompanyCalculations({ companyIdentifier, signal }),
  });

export const useCompanyCalculations = (companyIdentifier: string) =>
  useQuery(getCompanyCalculationsQueryOptions(companyIdentifier));
