import { apiRoutes, type CalculatedService, type Paged } from '@medcalc/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { callApi } from '@/lib/api-client';

type GetCalculatedServicesParams = PageParams & { companyIdentifier: string };

/**
 * `GET /api/company/{companyIdentifier}/calculated-services?page&perPage&search` (a call added to spec §7 for
 * the /calculations page): the company's calculated services, each with its code, the order it was calculated
 * in and that order's status, its cost and tariff, paged and searched by name.
 */
export const getCalculatedServices = (
  { companyIdentifier, page, perPage, search }: GetCalculatedServicesParams,
  signal?: AbortSignal,
): Promise<Paged<CalculatedService>> =>
  callApi(apiRoutes.calculations.calculatedServices, {
    path: { companyIdentifier },
    query: { page, perPage, search },
    signal,
  });

export const getCalculatedServicesQueryOptions = (params: GetCalculatedServicesParams) =>
  queryOptions({
    queryKey: ['calculated-services', 'page', params],
    queryFn: ({ signal }) => getCalculatedServices(params, signal),
    enabled: params.companyIdentifier !== '',
    // The previous page stays on screen, under a spinner, while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCalculatedServices = (params: GetCalculatedServicesParams) =>
  useQuery(getCalculatedServicesQueryOptions(params));
