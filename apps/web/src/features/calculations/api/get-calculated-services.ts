import { apiRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

type GetCalculatedServicesParams = PageParams & { companyIdentifier: string };

/**
 * `GET /api/company/{companyIdentifier}/calculated-services?page&perPage&search` (a call added to spec §7 for
 * the /calculations page): the company's calculated services, each with its code, the order it was calculated
 * in and that order's status, its cost and tariff, paged and searched by name.
 */
export const getCalculatedServicesQueryOptions = (params: GetCalculatedServicesParams) =>
  queryOptions({
    ...pageQueryOptions(
      apiRoutes.calculations.calculatedServices,
      queryKeys.calculatedServices.page(params),
      params,
      { companyIdentifier: params.companyIdentifier },
    ),
    enabled: params.companyIdentifier !== '',
  });

export const useCalculatedServices = (params: GetCalculatedServicesParams) =>
  useQuery(getCalculatedServicesQueryOptions(params));
