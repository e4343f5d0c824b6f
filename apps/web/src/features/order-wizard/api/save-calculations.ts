import { apiRoutes, type CalculationsSavedResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

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
  calculations: JSON.stringify(draft.calculations),
  companyInfo: JSON.stringify(draft.companyInfo),
});

/**
 * `POST /api/calculations/save` (spec §7): stores the draft; the order becomes `saved`. The answer's message is
 * the success toast (api-client), a refusal's message the error toast.
 */
export const saveCalculations = (draft: OrderDraft): Promise<CalculationsSavedResponse> =>
  callApi(apiRoutes.calculations.save, {
    body: toSaveBody(draft),
  });

/**
 * The orders list shows the new status, and the order's own cached detail must not reopen the wizard with the
 * draft from before the save, so every `['orders']` query is refreshed. Not awaited: the open wizard keeps its
 * draft and does not wait for the list.
 */
export const useSaveCalculations = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalculations,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
};
