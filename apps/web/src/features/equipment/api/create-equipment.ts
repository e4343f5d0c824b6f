import { apiRoutes, type EquipmentInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/company/{companyIdentifier}/equipment` (issue 38): a new row of the equipment register. */
export const useCreateEquipment = () =>
  useApiMutation(
    apiRoutes.equipment.create,
    formCall<{ companyIdentifier: string }, EquipmentInput>,
    [queryKeys.equipment.all],
  );
