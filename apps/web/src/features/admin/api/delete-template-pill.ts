import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/pills/{id}` (spec §7; admin only): a template material. */
export const useDeleteTemplatePill = () =>
  useApiMutation(apiRoutes.pills.removeTemplate, (id: number) => ({ path: { id } }), [
    queryKeys.pills.all,
  ]);
