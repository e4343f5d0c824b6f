import { standardMeasurementOptionSchema, type StandardMeasurementOption } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

const standardMeasurementsSchema = z.array(standardMeasurementOptionSchema);

/**
 * `GET /api/get-measurements` (spec §7): the provider's standard units as `{ value, label }`, the first group of
 * step 4's unit dropdown. Same key and answer as the measurements page's.
 */
export const getStandardMeasurements = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  StandardMeasurementOption[]
> => api.get('/api/get-measurements', { schema: standardMeasurementsSchema, signal });

export const getStandardMeasurementsQueryOptions = () =>
  queryOptions({
    queryKey: ['measurements', 'standard'],
    queryFn: ({ signal }) => getStandardMeasurements({ signal }),
  });

export const useStandardMeasurements = () => useQuery(getStandardMeasurementsQueryOptions());
