import { apiRoutes } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/orders/{identifier}/reprice` {revision} (issue 18): makes a new revision of the order with the
 * company's current data (no new fee) and moves it to `saved`. `revision` is the one the preview showed; a 409
 * (a revision made since, or a status that no longer allows it) is shown in the preview, which reloads, so it is
 * not toasted. The answer's message is toasted by the api client.
 *
 * Afterwards the orders (list, detail the wizard reads, revisions) and the company's own calculations (chosen by
 * status, and the order is no longer calculated) are stale.
 */
export const useRepriceOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identifier, revision }: { identifier: string; revision: number }) =>
      callApi(apiRoutes.orders.reprice, {
        path: { identifier },
        body: { revision },
        quietStatuses: [409],
      }),
    onSuccess: () => {
      // Not awaited (unlike useApiMutation): the wizard opens at once and reads the order afresh.
      void invalidateKeys(queryClient, [queryKeys.orders.all, queryKeys.calculations.all]);
    },
  });
};
