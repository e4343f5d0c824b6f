import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/measurements/companies?page&perPage&search` (admin only): the units companies made, each with its company. */
export const useCompanyMeasurements = (params: PageParams) =>
  useQuery(
    pageQueryOptions(
      apiRoutes.measurements.companiesPage,
      queryKeys.measurements.companiesPage(params),
      params,
    ),
  );
