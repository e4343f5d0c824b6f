import { measurementSchema, type Measurement } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const ownMeasurementsSchema = z.array(measurementSchema);

/**
 * `GET /api/company/{companyIdentifier}/measurements/list` (spec §7): the company's own units, the second group
 * of step 4's unit dropdown. Same key and answer as the measurements page's.
 */
export const getOwnMeasurements = (
  companyIdentifier: string,
  signal?: AbortSignal,
): Promise<Measurement[]> =>
  api.get(`/api/company/${encodeURIComponent(companyIdentifier)}/measurements/list`, {
    schema: ownMeasurementsSchema,
    signal,
  });

export const getOwnMeasurementsQueryOptions = (companyIdentifier: string) =>
  queryOptions({
    queryKey: ['measurements', 'list', { companyIdentifier }],
    queryFn: ({ signal }) => getOwnMeasurements(companyIdentifier, signal),
    enabled: companyIdentifier !== '',
  });

export const useOwnMeasurements = (companyIdentifier: string) =>
  useQuery(getOwnMeasurementsQueryOptions(companyIdentifier));
