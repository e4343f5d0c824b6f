import {
  companyPillSchema,
  pagedResponseSchema,
  type CompanyPill,
  type Paged,
} from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { api } from '@/lib/api-client';

const companyPillsPageSchema = pagedResponseSchema(companyPillSchema);

/**
 * `GET /api/pills/companies?page&perPage&search` (spec §7; admin only): the materials companies made, each
 * with its company.
 */
export const getCompanyPills = (
  { page, perPage, search }: PageParams,
  signal?: AbortSignal,
): Promise<Paged<CompanyPill>> =>
  api.get('/api/pills/companies', {
    params: { page, perPage, search },
    schema: companyPillsPageSchema,
    signal,
  });

export const getCompanyPillsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: ['pills', 'companies', params],
    queryFn: ({ signal }) => getCompanyPills(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCompanyPills = (params: PageParams) =>
  useQuery(getCompanyPillsQueryOptions(params));
