import type { ApiRoute } from '@medcalc/domain';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';

import { callApi, type CallOptions } from '@/lib/api-client';

/**
 * The query of one read of the route table under `queryKey`: `call` (path values, query, quiet statuses) is sent
 * as it is, with the query's abort signal. The orders' reads each name their key and call through it.
 */
export const routeQueryOptions = <
  R extends ApiRoute & { answer: z.ZodType },
  const TKey extends QueryKey,
>(
  route: R,
  queryKey: TKey,
  call: CallOptions<R>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => callApi(route, { ...call, signal }) });
