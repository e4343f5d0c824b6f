import { apiRoutes, type EquipmentInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/equipment/{id}` (issue 38; admin only): a template equipment row's new values. */
export const useUpdateTemplateEquipment = () =>
  useApiMutation(apiRoutes.equipment.updateTemplate, formCall<{ id: number }, EquipmentInput>, [
    queryKeys.equipment.all,
  ]);
