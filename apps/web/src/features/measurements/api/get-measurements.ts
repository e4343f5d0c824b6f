import {
  measurementSchema,
  pagedResponseSchema,
  type Measurement,
  type Paged,
} from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { api } from '@/lib/api-client';

const measurementsPageSchema = pagedResponseSchema(measurementSchema);

type GetMeasurementsParams = PageParams & { companyIdentifier: string };

/** `GET /api/company/{companyIdentifier}/measurements?page&perPage&search` (spec §7): own units, paged. */
export const getMeasurements = (
  { companyIdentifier, page, perPage, search }: GetMeasurementsParams,
  signal?: AbortSignal,
): Promise<Paged<Measurement>> =>
  api.get(`/api/company/${encodeURIComponent(companyIdentifier)}/measurements`, {
    params: { page, perPage, search },
    schema: measurementsPageSchema,
    signal,
  });

export const getMeasurementsQueryOptions = (params: GetMeasurementsParams) =>
  queryOptions({
    queryKey: ['measurements', 'page', params],
    queryFn: ({ signal }) => getMeasurements(params, signal),
    enabled: params.companyIdentifier !== '',
    // The previous page stays on screen, under a spinner, while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useMeasurements = (params: GetMeasurementsParams) =>
  useQuery(getMeasurementsQueryOptions(params));
