import {
  measurementSchema,
  savedResponseSchema,
  type Measurement,
  type MeasurementInput,
  type SavedResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const savedMeasurementSchema = savedResponseSchema(measurementSchema);

type CreateTemplateMeasurementVariables = {
  input: MeasurementInput;
  /** A company to add the unit for (spec §6); without it the unit is a standard one. */
  companyIdentifier?: string;
};

/**
 * `POST /api/measurements` {name, companyIdentifier?} (spec §7; admin only). Another company's unit is copied
 * into the templates by `copy-to-templates.ts`.
 */
export const createTemplateMeasurement = ({
  input,
  companyIdentifier,
}: CreateTemplateMeasurementVariables): Promise<SavedResponse<Measurement>> =>
  api.post('/api/measurements', {
    body: companyIdentifier === undefined ? input : { ...input, companyIdentifier },
    schema: savedMeasurementSchema,
    inlineFieldErrors: true,
  });

/** Every units query is refreshed by prefix, the standard-unit choices of the material forms included. */
export const useCreateTemplateMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplateMeasurement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['measurements'] }),
  });
};
