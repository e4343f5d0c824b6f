import { apiRoutes, type PillInput } from '@medcalc/domain';

import { useApiMutation } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

type UpdatePillVariables = { companyIdentifier: string; id: number; input: PillInput };

/** `PUT /api/company/{companyIdentifier}/pills/{id}` {name, measurementType, price} (spec §7). */
export const useUpdatePill = () =>
  useApiMutation(
    apiRoutes.pills.update,
    ({ companyIdentifier, id, input }: UpdatePillVariables) => ({
      path: { companyIdentifier, id },
      body: input,
      inlineFieldErrors: true,
    }),
    [queryKeys.pills.all],
  );
