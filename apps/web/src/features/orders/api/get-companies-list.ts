import { companyOptionSchema, type CompanyOption } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/**
 * `GET /api/get-companies-list` (spec §3 "Company list option", §7; admin only): every company as
 * `{ value: identifier, label: name }`, for the admin orders' company filter. Same query key as the admin
 * feature's copy, so both share one cached answer.
 */
export const getCompaniesList = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  CompanyOption[]
> => api.get('/api/get-companies-list', { schema: z.array(companyOptionSchema), signal });

export const useCompaniesList = () =>
  useQuery(
    queryOptions({
      queryKey: ['companies', 'options'],
      queryFn: ({ signal }) => getCompaniesList({ signal }),
    }),
  );
