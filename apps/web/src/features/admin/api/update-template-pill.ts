import { apiRoutes, type PillInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/pills/{id}` {name, measurementType, price} (spec §7; admin only): change a template material. */
export const useUpdateTemplatePill = () =>
  useApiMutation(apiRoutes.pills.updateTemplate, formCall<{ id: number }, PillInput>, [
    queryKeys.pills.all,
  ]);
