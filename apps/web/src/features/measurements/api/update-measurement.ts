import { apiRoutes, type MeasurementInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

/**
 * `PUT /api/company/{companyIdentifier}/measurements/{id}` {name} (spec §7). A renamed unit also refreshes the
 * materials that show its old name (UNIT_DEPENDENT_QUERY_KEYS).
 */
export const useUpdateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.update,
    formCall<{ companyIdentifier: string; id: number }, MeasurementInput>,
    UNIT_DEPENDENT_QUERY_KEYS,
  );
