import { apiRoutes, type ActivityFilter } from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The activity log's filters (issue 22): whose changes, of which kind, between which days (YYYY-MM-DD). */
export type ActivityFilters = ActivityFilter;

/** The filters as query values: the ones not set are left out. */
export const queryOf = (filters: ActivityFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;

/**
 * `GET /api/activity?person&kind&from&to&page` (issue 22; 50 entries a page, newest first) with the people the
 * person filter offers. The previous page stays on screen while the next one loads.
 */
export const getActivityQueryOptions = (filters: ActivityFilters, page: number) =>
  queryOptions({
    queryKey: queryKeys.activity.page({ ...filters, page }),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.activity.page, { query: { ...queryOf(filters), page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useActivity = (filters: ActivityFilters, page: number) =>
  useQuery(getActivityQueryOptions(filters, page));
