import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

/**
 * `POST /api/measurements/companies/{id}/to-templates` (admin only): copies another company's unit into the
 * templates, as `useCopyPillToTemplates` does a material.
 */
export const useCopyMeasurementToTemplates = () =>
  useApiMutation(
    apiRoutes.measurements.copyToTemplates,
    (id: number) => ({ path: { id } }),
    UNIT_DEPENDENT_QUERY_KEYS,
  );
