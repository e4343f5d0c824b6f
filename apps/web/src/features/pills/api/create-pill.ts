import { apiRoutes, type PillInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/company/{companyIdentifier}/pills` {name, measurementType, price} (spec §7). */
export const useCreatePill = () =>
  useApiMutation(apiRoutes.pills.create, formCall<{ companyIdentifier: string }, PillInput>, [
    queryKeys.pills.all,
  ]);
