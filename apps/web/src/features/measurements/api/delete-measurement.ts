import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

/**
 * `DELETE /api/company/{companyIdentifier}/measurements/{id}` (spec §7). A unit a material still uses answers
 * 409 with a message, which the API client shows as an error toast (spec §8). A deleted unit also refreshes the
 * materials and unit choices that show unit names (UNIT_DEPENDENT_QUERY_KEYS).
 */
export const useDeleteMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.remove,
    (path: { companyIdentifier: string; id: number }) => ({ path }),
    UNIT_DEPENDENT_QUERY_KEYS,
  );
