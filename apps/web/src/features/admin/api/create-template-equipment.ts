import { apiRoutes, type EquipmentInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/equipment` {name, firstCost, residualValue, usefulLifeYears, hoursPerYear} (issue 38; admin only): a
 * new row of the template equipment. Every equipment query is refreshed by prefix (a wizard's list too).
 */
export const useCreateTemplateEquipment = () =>
  useApiMutation(
    apiRoutes.equipment.createTemplate,
    // A 422's messages go under the form's fields, as every form's.
    ({ input }: { input: EquipmentInput }) => ({ body: input, inlineFieldErrors: true as const }),
    [queryKeys.equipment.all],
  );
