import { apiRoutes, type MeasurementInput } from '@medcalc/domain';

import { useApiMutation } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

type CreateTemplateMeasurementVariables = {
  input: MeasurementInput;
  /** A company to add the unit for (spec §6); without it the unit is a standard one. */
  companyIdentifier?: string;
};

/**
 * `POST /api/measurements` {name, companyIdentifier?} (spec §7; admin only). Another company's unit is copied
 * into the templates by `copy-to-templates.ts`. Every units query is refreshed by prefix, the standard-unit
 * choices of the material forms included.
 */
export const useCreateTemplateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.createTemplate,
    ({ input, companyIdentifier }: CreateTemplateMeasurementVariables) => ({
      body: companyIdentifier === undefined ? input : { ...input, companyIdentifier },
      inlineFieldErrors: true,
    }),
    [queryKeys.measurements.all],
  );
