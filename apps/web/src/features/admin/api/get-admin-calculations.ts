import { adminCalculationSchema, type AdminCalculation } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/**
 * `GET /api/company/{companyId}/calculations/calculations-list` (spec §7; admin only): one company's
 * calculations, `{companyId}` being the company's identifier (the `value` of get-companies-list).
 */
export const getAdminCalculations = (
  companyIdentifier: string,
  signal?: AbortSignal,
): Promise<AdminCalculation[]> =>
  api.get(`/api/company/${encodeURIComponent(companyIdentifier)}/calculations/calculations-list`, {
    schema: z.array(adminCalculationSchema),
    signal,
  });

export const getAdminCalculationsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['calculations', 'company-list', { companyIdentifier }],
    queryFn: ({ signal }) => getAdminCalculations(companyIdentifier, signal),
    enabled: companyIdentifier !== '',
  });

export const useAdminCalculations = (companyIdentifier: string) =>
  useQuery(getAdminCalculationsQueryOptions(companyIdentifier));
