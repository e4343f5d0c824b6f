import { systemRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/provider` (issue 23): the provider's name and requisites, from the configuration the invoice prints.
 * The footer's pages show their text without them, so a failure gets no error toast; the page says it instead.
 */
export const getProviderQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.provider,
    queryFn: ({ signal }) => callApi(systemRoutes.provider, { signal, toast: { error: false } }),
    staleTime: Infinity,
  });

export const useProvider = () => useQuery(getProviderQueryOptions());
