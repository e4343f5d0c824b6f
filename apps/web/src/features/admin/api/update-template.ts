import { apiRoutes, type TemplateUpdateInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/templates/{id}` {name, categoryId} (beyond the spec, issue 11): rename a template or move it to
 * another category. Orders that copied it keep their copy. Both template lists (admin, and the create-order
 * page's by category) are refreshed by prefix.
 */
export const useUpdateTemplate = () =>
  useApiMutation(apiRoutes.templates.update, formCall<{ id: number }, TemplateUpdateInput>, [
    queryKeys.templates.all,
  ]);
