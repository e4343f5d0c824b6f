import {
  companyMeasurementSchema,
  pagedResponseSchema,
  type CompanyMeasurement,
  type Paged,
} from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { api } from '@/lib/api-client';

const companyMeasurementsPageSchema = pagedResponseSchema(companyMeasurementSchema);

/**
 * `GET /api/measurements/companies?page&perPage&search` (spec §7; admin only): the units companies made, each
 * with its company (author).
 */
export const getCompanyMeasurements = (
  { page, perPage, search }: PageParams,
  signal?: AbortSignal,
): Promise<Paged<CompanyMeasurement>> =>
  api.get('/api/measurements/companies', {
    params: { page, perPage, search },
    schema: companyMeasurementsPageSchema,
    signal,
  });

export const getCompanyMeasurementsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: ['measurements', 'companies', params],
    queryFn: ({ signal }) => getCompanyMeasurements(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCompanyMeasurements = (params: PageParams) =>
  useQuery(getCompanyMeasurementsQueryOptions(params));
