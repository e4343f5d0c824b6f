import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `DELETE /api/equipment/{id}` (issue 38; admin only): a template equipment row. Calculations that use it keep
 * their own copy of the line.
 */
export const useDeleteTemplateEquipment = () =>
  useApiMutation(apiRoutes.equipment.removeTemplate, (id: number) => ({ path: { id } }), [
    queryKeys.equipment.all,
  ]);
