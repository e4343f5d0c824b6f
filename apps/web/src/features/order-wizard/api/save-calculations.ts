import { apiRoutes } from '@medcalc/domain';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

import type { OrderDraft } from '../stores/order-draft';

/**
 * The body of save and calculate (spec §7): the order, its name, and the wizard's calculations (each service's
 * `vat` inside its content) and institution data as JSON strings, as the spec's client sends them; beside them
 * the order's rounding of the final price (issue 18), which the server stores with the order, and the order's
 * revision the wizard loaded (issue 18): the server answers 409 `{ message }` (toasted by the api client) when the
 * order was re-priced since, instead of writing the older revision's data over the new one.
 */
export const toSaveBody = (draft: OrderDraft) => ({
  identifier: draft.identifier,
  name: draft.name,
  priceRounding: draft.priceRounding,
  revision: draft.revision,
  version: draft.version,
  calculations: JSON.stringify(draft.calculations),
  companyInfo: JSON.stringify(draft.companyInfo),
});

/**
 * The body of a Calculate of the draft as the server stores it (issue 34): the wizard has changed nothing since it
 * loaded or saved `version`, so the content is not sent again; the server calculates what it stores at that version
 * (409 when it changed since). A re-priced order at the size limits stores more than a request may carry.
 */
export const toStoredCalculateBody = (draft: OrderDraft) => ({
  identifier: draft.identifier,
  name: draft.name,
  priceRounding: draft.priceRounding,
  revision: draft.revision,
  version: draft.version,
});

/**
 * Sends the whole draft to save or calculate (or, for an unchanged draft's Calculate, `stored`, only its version), then marks every query under `invalidates` stale. Not awaited,
 * unlike `useApiMutation`: the open wizard keeps its draft (or leaves for /orders, whose list asks for its own
 * fresh data) and does not wait for the lists.
 */
export function useDraftMutation(
  route: typeof apiRoutes.calculations.save | typeof apiRoutes.calculations.calculate,
  invalidates: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    // An autosave is `quiet`: the wizard shows its outcome beside the Save button, not as a toast.
    mutationFn: ({
      draft,
      quiet = false,
      stored = false,
    }: {
      draft: OrderDraft;
      quiet?: boolean;
      stored?: boolean;
    }) =>
      callApi(route, {
        body:
          stored && draft.version !== undefined ? toStoredCalculateBody(draft) : toSaveBody(draft),
        toast: quiet ? { success: false, error: false } : undefined,
        // A save in flight when the tab is closed or reloaded still arrives (issue 33), when it fits the quota.
        keepalive: true,
      }),
    onSuccess: () => {
      void invalidateKeys(queryClient, invalidates);
    },
  });
}

/**
 * `POST /api/calculations/save` (spec §7): stores the draft; the order becomes `saved`. The answer's message is
 * the success toast (api-client), a refusal's message the error toast. The orders list shows the new status, and
 * the order's own cached detail must not reopen the wizard with the draft from before the save, so every
 * `['orders']` query is refreshed; and step 5's line of the tariff comparison, as a save clears the order's results.
 */
export const useSaveCalculations = () =>
  useDraftMutation(apiRoutes.calculations.save, [
    queryKeys.orders.all,
    queryKeys.tariffComparison.all,
  ]);
