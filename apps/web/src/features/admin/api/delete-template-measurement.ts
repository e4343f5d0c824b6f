import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

/**
 * `DELETE /api/measurements/{id}` (spec §7; admin only): a standard unit (409 while a material uses it). The
 * materials that show its name are refreshed too.
 */
export const useDeleteTemplateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.removeTemplate,
    (id: number) => ({ path: { id } }),
    UNIT_DEPENDENT_QUERY_KEYS,
  );
