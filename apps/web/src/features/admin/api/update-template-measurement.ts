import { apiRoutes, type MeasurementInput } from '@medcalc/domain';

import { useApiMutation } from '@/lib/api-hooks';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

/** `PUT /api/measurements/{id}` {name} (spec §7; admin only): rename a standard unit. */
export const useUpdateTemplateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.updateTemplate,
    ({ id, input }: { id: number; input: MeasurementInput }) => ({
      path: { id },
      body: input,
      inlineFieldErrors: true,
    }),
    UNIT_DEPENDENT_QUERY_KEYS,
  );
