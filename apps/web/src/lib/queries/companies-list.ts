import { apiRoutes, type CompanyOption } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `GET /api/get-companies-list` (spec §3 "Company list option", §7; admin only): every company as
 * `{ value: identifier, label: name }`, sorted by name. The admin's calculations tab and the admin orders'
 * company filter both read it here, so they share one cached answer.
 */
export const getCompaniesList = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  CompanyOption[]
> => callApi(apiRoutes.company.options, { signal });

export const companiesListQueryOptions = () =>
  queryOptions({
    queryKey: ['companies', 'options'],
    queryFn: ({ signal }) => getCompaniesList({ signal }),
  });

export const useCompaniesList = () => useQuery(companiesListQueryOptions());
