import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/templates/{id}` (beyond the spec, issue 11); orders that copied the template keep their copy. */
export const useDeleteTemplate = () =>
  useApiMutation(apiRoutes.templates.remove, (id: number) => ({ path: { id } }), [
    queryKeys.templates.all,
  ]);
