import { pagedResponseSchema, pillSchema, type Paged, type Pill } from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { api } from '@/lib/api-client';

const pillsPageSchema = pagedResponseSchema(pillSchema);

/** `GET /api/pills?page&perPage&search` (spec §7 "Shared reference data"; admin only): template materials. */
export const getTemplatePills = (
  { page, perPage, search }: PageParams,
  signal?: AbortSignal,
): Promise<Paged<Pill>> =>
  api.get('/api/pills', { params: { page, perPage, search }, schema: pillsPageSchema, signal });

export const getTemplatePillsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: ['pills', 'templates', params],
    queryFn: ({ signal }) => getTemplatePills(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTemplatePills = (params: PageParams) =>
  useQuery(getTemplatePillsQueryOptions(params));
