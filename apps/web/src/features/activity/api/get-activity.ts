import { XLSX_CONTENT_TYPE, apiRoutes, type ActivityFilter } from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/file-download';
import { useFileDownload } from '@/hooks/use-file-download';
import { queryKeys } from '@/lib/query-keys';

/** The activity log's filters (issue 22): whose changes, of which kind, between which days (YYYY-MM-DD). */
export type ActivityFilters = ActivityFilter;

/** The filters as query values: the ones not set are left out. */
const queryOf = (filters: ActivityFilters) =>
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

/** `GET /api/activity/export` with the same filters: the log as an .xlsx, one row per change. */
export const useDownloadActivity = () =>
  useFileDownload((filters: ActivityFilters) =>
    downloadFile(
      apiRoutes.activity.export,
      {
        query: queryOf(filters),
        accept: `${XLSX_CONTENT_TYPE}, application/json`,
        fallbackErrorMessage: 'Не вдалося сформувати файл Excel. Спробуйте ще раз.',
      },
      'Журнал змін.xlsx',
    ),
  );
