import { apiRoutes, type BenchmarkQuery } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/administrator/tariff-comparison?oblast&size`: every template service across all participants. */
export const useProviderBenchmark = (query: BenchmarkQuery) =>
  useQuery({
    ...routeQueryOptions(
      apiRoutes.tariffComparison.providerComparison,
      queryKeys.tariffComparison.provider(query.oblast ?? '', query.size ?? ''),
      { query, toast: { error: false } },
    ),
    retry: false,
  });
