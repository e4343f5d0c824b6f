import { apiRoutes, type PillInput } from '@medcalc/domain';

import { useApiMutation } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/pills/{id}` {name, measurementType, price} (spec §7; admin only): change a template material. */
export const useUpdateTemplatePill = () =>
  useApiMutation(
    apiRoutes.pills.updateTemplate,
    ({ id, input }: { id: number; input: PillInput }) => ({
      path: { id },
      body: input,
      inlineFieldErrors: true,
    }),
    [queryKeys.pills.all],
  );
