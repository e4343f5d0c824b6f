import { apiRoutes, type MeasurementInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

/** `PUT /api/measurements/{id}` {name} (spec §7; admin only): rename a standard unit. */
export const useUpdateTemplateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.updateTemplate,
    formCall<{ id: number }, MeasurementInput>,
    UNIT_DEPENDENT_QUERY_KEYS,
  );
