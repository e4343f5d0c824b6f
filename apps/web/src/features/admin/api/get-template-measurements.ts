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

/** `GET /api/measurements?page&perPage&search` (spec §7; admin only): the standard (template) units. */
export const getTemplateMeasurements = (
  { page, perPage, search }: PageParams,
  signal?: AbortSignal,
): Promise<Paged<Measurement>> =>
  api.get('/api/measurements', {
    params: { page, perPage, search },
    schema: measurementsPageSchema,
    signal,
  });

export const getTemplateMeasurementsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: ['measurements', 'templates', params],
    queryFn: ({ signal }) => getTemplateMeasurements(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTemplateMeasurements = (params: PageParams) =>
  useQuery(getTemplateMeasurementsQueryOptions(params));
