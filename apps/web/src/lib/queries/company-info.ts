import { apiRoutes, companyInfoSchema, pathOf } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company-info/{companyIdentifier}` (spec §7): the institution data, read by the company page's form and
 * by the create-order page (the new order carries it, spec §3 "New order draft"), under one key and one fetcher.
 * A failure is not toasted: the company page shows it in place with a retry (`LoadError`), and the new order
 * does not depend on it (the schema makes `companyInfo` optional and the server keeps the stored data).
 */
export const getCompanyInfoQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: queryKeys.companyInfo.of(companyIdentifier),
    // Read with `companyInfoSchema`, the type the form edits and the new order carries, as this call always was:
    // the table's answer schema is the server's serialiser (`companyInfoOutputSchema`) and gives another type.
    queryFn: ({ signal }) =>
      api.get(pathOf(apiRoutes.company.info, { companyIdentifier }), {
        schema: companyInfoSchema,
        signal,
        toast: { error: false },
      }),
    enabled: companyIdentifier !== '',
  });

export const useCompanyInfo = (companyIdentifier: string) =>
  useQuery(getCompanyInfoQueryOptions(companyIdentifier));
