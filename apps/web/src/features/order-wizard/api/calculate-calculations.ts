import { apiRoutes } from '@medcalc/domain';

import { queryKeys } from '@/lib/query-keys';

import { useDraftMutation } from './save-calculations';

/**
 * `POST /api/calculations/calculate` (spec §7), the same body as save: the server stores the draft, checks it for
 * the final calculation (a 422 with a message naming what is missing, shown as an error toast, spec §8), computes
 * every service and moves the order to `formed`. The order's status and its services changed: every `['orders']`,
 * `['calculations']` and `['calculated-services']` query is refreshed, and step 5's line of the tariff comparison
 * (it places the order's calculated tariff).
 */
export const useCalculateCalculations = () =>
  useDraftMutation(apiRoutes.calculations.calculate, [
    queryKeys.orders.all,
    queryKeys.calculations.all,
    queryKeys.calculatedServices.all,
    queryKeys.tariffComparison.all,
  ]);
