import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

type GetMeasurementsParams = PageParams & { companyIdentifier: string };

/** `GET /api/company/{companyIdentifier}/measurements?page&perPage&search` (spec §7): own units, paged. */
export const getMeasurementsQueryOptions = (params: GetMeasurementsParams) => ({
  ...pageQueryOptions(
    apiRoutes.measurements.ownPage,
    queryKeys.measurements.ownPage(params),
    params,
    {
      companyIdentifier: params.companyIdentifier,
    },
  ),
  enabled: params.companyIdentifier !== '',
});

export const useMeasurements = (params: GetMeasurementsParams) =>
  useQuery(getMeasurementsQueryOptions(params));
