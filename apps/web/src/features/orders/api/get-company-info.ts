import { companyInfoSchema, type CompanyInfo } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * `GET /api/company-info/{companyIdentifier}` (spec §7). The new order carries the institution data as the
 * spec's client sends it (§3 "New order draft"). Features do not import each other, so the orders feature has
 * its own fetcher; it shares the `company-info` query key and answer shape with the company page's.
 *
 * The order does not depend on it: the schema makes `companyInfo` optional and the server keeps the company's
 * stored data, so a failure here is not worth a toast on the create-order page.
 */
export const getCompanyInfo = ({
  companyIdentifier,
  signal,
}: {
  companyIdentifier: string;
  signal?: AbortSignal;
}): Promise<CompanyInfo> =>
  api.get(`/api/company-info/${encodeURIComponent(companyIdentifier)}`, {
    schema: companyInfoSchema,
    signal,
    toast: { error: false },
  });

export const getCompanyInfoQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['company-info', companyIdentifier],
    queryFn: ({ signal }) => getCompanyInfo({ companyIdentifier, signal }),
  });

export const useCompanyInfo = (companyIdentifier: string) =>
  useQuery(getCompanyInfoQueryOptions(companyIdentifier));
