import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/company/{companyIdentifier}/measurements/list` (spec §7): all of the company's own units. */
export const getOwnMeasurementsQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(
    apiRoutes.measurements.ownList,
    queryKeys.measurements.ownList(companyIdentifier),
    { path: { companyIdentifier } },
  );

export const useOwnMeasurements = (companyIdentifier: string) =>
  useQuery(getOwnMeasurementsQueryOptions(companyIdentifier));
