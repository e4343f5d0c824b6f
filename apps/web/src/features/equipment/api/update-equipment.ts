import { apiRoutes, type EquipmentInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/company/{companyIdentifier}/equipment/{id}` (issue 38): a register row's new values. */
export const useUpdateEquipment = () =>
  useApiMutation(
    apiRoutes.equipment.update,
    formCall<{ companyIdentifier: string; id: number }, EquipmentInput>,
    [queryKeys.equipment.all],
  );
