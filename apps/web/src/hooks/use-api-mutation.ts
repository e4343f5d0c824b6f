import type { AnswerOf, ApiRoute } from '@medcalc/domain';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';

import { callApi, type CallOptions } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';

/**
 * A mutation that calls `route` of the route table with what `callOf` makes of the variables, then refreshes
 * every query under `invalidates` (key prefixes, lib/query-keys.ts). The mutation settles once they are
 * refreshed, so a form closing on success shows the new rows.
 */
export function useApiMutation<R extends ApiRoute & { answer: z.ZodType }, TVariables>(
  route: R,
  callOf: (variables: TVariables) => CallOptions<R>,
  invalidates: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation<AnswerOf<R>, Error, TVariables>({
    mutationFn: (variables) => callApi(route, callOf(variables)),
    onSuccess: () => invalidateKeys(queryClient, invalidates),
  });
}
