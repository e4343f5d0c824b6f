import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/company/{companyIdentifier}/stuff/{id}`: removes a position from the company's table. */
export const useDeleteStaffRate = () =>
  useApiMutation(
    apiRoutes.staff.remove,
    (path: { companyIdentifier: string; id: number }) => ({ path }),
    [queryKeys.staff.all],
  );
