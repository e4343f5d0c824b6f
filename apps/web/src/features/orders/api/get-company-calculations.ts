import { companyCalculationsEntrySchema, type CompanyCalculationsEntry } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

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
  api.get(`/api/company/${encodeURIComponent(companyIdentifier)}/calculations`, {
    schema: z.array(companyCalculationsEntrySchema),
    signal,
  });

export const getCompanyCalculationsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['calculations', { companyIdentifier, view: 'by-category' }],
    queryFn: ({ signal }) => getCompanyCalculations({ companyIdentifier, signal }),
  });

export const useCompanyCalculations = (companyIdentifier: string) =>
  useQuery(getCompanyCalculationsQueryOptions(companyIdentifier));
