import { staffRateSchema, type StaffRate } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const staffSchema = z.array(staffRateSchema);

/**
 * `GET /api/get-stuff/{companyId}` (spec §7, the spec's spelling): the company's staffing table, the options of
 * step 2's qualification dropdown. Same key and answer as the staff page's, so the two share the cache and a
 * salary changed there reaches the wizard.
 */
export const getStaff = (companyIdentifier: string, signal?: AbortSignal): Promise<StaffRate[]> =>
  api.get(`/api/get-stuff/${encodeURIComponent(companyIdentifier)}`, {
    schema: staffSchema,
    signal,
  });

export const getStaffQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['staff', { companyIdentifier }],
    queryFn: ({ signal }) => getStaff(companyIdentifier, signal),
    enabled: companyIdentifier !== '',
  });

export const useStaff = (companyIdentifier: string) =>
  useQuery(getStaffQueryOptions(companyIdentifier));
