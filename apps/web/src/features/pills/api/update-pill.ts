import { apiRoutes, type PillInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/company/{companyIdentifier}/pills/{id}` {name, measurementType, price} (spec §7). */
export const useUpdatePill = () =>
  useApiMutation(
    apiRoutes.pills.update,
    formCall<{ companyIdentifier: string; id: number }, PillInput>,
    [queryKeys.pills.all],
  );
