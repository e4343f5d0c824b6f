import { companyInfoSchema, type CompanyInfo } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * `GET /api/company-info/{companyIdentifier}` (spec §7): the institution data. The orders feature reads the
 * same call under the same `company-info` key (features do not share code), so a save here refreshes both.
 */
export const getCompanyInfo = (
  companyIdentifier: string,
  signal?: AbortSignal,
): Promise<CompanyInfo> =>
  api.get(`/api/company-info/${encodeURIComponent(companyIdentifier)}`, {
    schema: companyInfoSchema,
    signal,
  });

export const getCompanyInfoQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['company-info', companyIdentifier],
    queryFn: ({ signal }) => getCompanyInfo(companyIdentifier, signal),
    enabled: companyIdentifier !== '',
  });

export const useCompanyInfo = (companyIdentifier: string) =>
  useQuery(getCompanyInfoQueryOptions(companyIdentifier));
