import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/measurements?page&perPage&search` (spec §7 "Shared reference data"; admin only): standard units. */
export const useTemplateMeasurements = (params: PageParams) =>
  useQuery(
    pageQueryOptions(
      apiRoutes.measurements.templatePage,
      queryKeys.measurements.templatePage(params),
      params,
    ),
  );
