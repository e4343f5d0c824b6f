import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/company/{companyIdentifier}/pills/{id}` (spec §7); answers `{ message }`. */
export const useDeletePill = () =>
  useApiMutation(
    apiRoutes.pills.remove,
    (path: { companyIdentifier: string; id: number }) => ({ path }),
    [queryKeys.pills.all],
  );
