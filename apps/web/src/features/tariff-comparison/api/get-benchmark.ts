import { apiRoutes, type BenchmarkQuery } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET …/tariff-comparison?oblast&size`: the comparison (403 for a company not taking part, shown in place). */
export const getBenchmarkQueryOptions = (companyIdentifier: string, query: BenchmarkQuery) => ({
  ...companyQueryOptions(
    apiRoutes.tariffComparison.comparison,
    queryKeys.tariffComparison.comparison(companyIdentifier, query.oblast ?? '', query.size ?? ''),
    { path: { companyIdentifier }, query, toast: { error: false } },
  ),
  retry: false,
});

export const useBenchmark = (companyIdentifier: string, query: BenchmarkQuery) =>
  useQuery(getBenchmarkQueryOptions(companyIdentifier, query));
