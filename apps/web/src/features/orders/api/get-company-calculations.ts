import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/**
 * `GET /api/company/{companyIdentifier}/calculations` (spec §7): the company's own earlier calculations grouped
 * by category, offered as sources of a new order.
 */
export const getCompanyCalculationsQueryOptions = (companyIdentifier: string) =>
  routeQueryOptions(
    apiRoutes.orders.companyCalculations,
    ['calculations', { companyIdentifier, view: 'by-category' }],
    { path: { companyIdentifier } },
  );

export const useCompanyCalculations = (companyIdentifier: string) =>
  useQuery(getCompanyCalculationsQueryOptions(companyIdentifier));
