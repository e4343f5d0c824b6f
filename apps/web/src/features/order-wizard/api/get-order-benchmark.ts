import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET …/tariff-comparison/orders/{identifier}` (issue 41): the tariff comparison of the order's services made from
 * a template, for step 5's line (no services for a company not taking part). A failure only leaves the line out.
 */
export const useOrderBenchmark = (companyIdentifier: string, identifier: string) =>
  useQuery({
    ...companyQueryOptions(
      apiRoutes.tariffComparison.orderComparison,
      queryKeys.tariffComparison.order(companyIdentifier, identifier),
      { path: { companyIdentifier, identifier }, toast: { error: false } },
    ),
    retry: false,
  });
