import { apiRoutes, type CalculationsSavedResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

import type { OrderDraft } from '../stores/order-draft';

import { toSaveBody } from './save-calculations';

/**
 * `POST /api/calculations/calculate` (spec §7), the same body as save: the server stores the draft, checks it for
 * the final calculation (a 422 with a message naming what is missing, shown as an error toast, spec §8), computes
 * every service and moves the order to `formed`.
 */
export const calculateCalculations = (draft: OrderDraft): Promise<CalculationsSavedResponse> =>
  callApi(apiRoutes.calculations.calculate, {
    body: toSaveBody(draft),
  });

/** The order's status and its services changed: every `['orders']` and `['calculations']` query is refreshed. */
export const useCalculateCalculations = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: calculateCalculations,
    // Not awaited: the wizard goes to /orders at once, and the list there asks for its own fresh data.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['calculations'] });
      void queryClient.invalidateQueries({ queryKey: ['calculated-services'] });
    },
  });
};
