import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/company/{companyIdentifier}/equipment/{id}` (issue 38); answers `{ message }`. */
export const useDeleteEquipment = () =>
  useApiMutation(
    apiRoutes.equipment.remove,
    (path: { companyIdentifier: string; id: number }) => ({ path }),
    [queryKeys.equipment.all],
  );
