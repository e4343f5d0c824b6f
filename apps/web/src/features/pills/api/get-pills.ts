import { pagedResponseSchema, pillSchema, type Paged, type Pill } from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { api } from '@/lib/api-client';

const pillsPageSchema = pagedResponseSchema(pillSchema);

type GetPillsParams = PageParams & { companyIdentifier: string };

/** `GET /api/company/{companyIdentifier}/pills?page&perPage&search` (spec §7): own materials, paged. */
export const getPills = (
  { companyIdentifier, page, perPage, search }: GetPillsParams,
  signal?: AbortSignal,
): Promise<Paged<Pill>> =>
  api.get(`/api/company/${encodeURIComponent(companyIdentifier)}/pills`, {
    params: { page, perPage, search },
    schema: pillsPageSchema,
    signal,
  });

export const getPillsQueryOptions = (params: GetPillsParams) =>
  queryOptions({
    queryKey: ['pills', 'page', params],
    queryFn: ({ signal }) => getPills(params, signal),
    enabled: params.companyIdentifier !== '',
    // The previous page stays on screen, under a spinner, while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePills = (params: GetPillsParams) => useQuery(getPillsQueryOptions(params));
