import { apiRoutes, type PillInput } from '@medcalc/domain';

import { useApiMutation } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/company/{companyIdentifier}/pills` {name, measurementType, price} (spec §7). */
export const useCreatePill = () =>
  useApiMutation(
    apiRoutes.pills.create,
    ({ companyIdentifier, input }: { companyIdentifier: string; input: PillInput }) => ({
      path: { companyIdentifier },
      body: input,
      inlineFieldErrors: true,
    }),
    [queryKeys.pills.all],
  );
