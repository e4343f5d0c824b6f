import { apiRoutes, type MeasurementInput } from '@medcalc/domain';

import { useApiMutation } from '@/lib/api-hooks';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

type UpdateMeasurementVariables = {
  companyIdentifier: string;
  id: number;
  input: MeasurementInput;
};

/**
 * `PUT /api/company/{companyIdentifier}/measurements/{id}` {name} (spec §7). A renamed unit also refreshes the
 * materials that show its old name (UNIT_DEPENDENT_QUERY_KEYS).
 */
export const useUpdateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.update,
    ({ companyIdentifier, id, input }: UpdateMeasurementVariables) => ({
      path: { companyIdentifier, id },
      body: input,
      inlineFieldErrors: true,
    }),
    UNIT_DEPENDENT_QUERY_KEYS,
  );
