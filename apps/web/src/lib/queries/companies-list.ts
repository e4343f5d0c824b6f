import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/get-companies-list` (spec §3 "Company list option", §7; admin only): every company as
 * `{ value: identifier, label: name }`, sorted by name. The admin's calculations tab and the admin orders'
 * company filter both read it here, so they share one cached answer.
 */
export const companiesListQueryOptions = () =>
  routeQueryOptions(apiRoutes.company.options, queryKeys.companies.options, {});

export const useCompaniesList = () => useQuery(companiesListQueryOptions());
