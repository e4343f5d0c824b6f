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

type CreateMeasurementVariables = { companyIdentifier: string; input: MeasurementInput };

/**
 * `POST /api/company/{companyIdentifier}/measurements` {name} (spec §7): the add-unit modal of the wizard (spec
 * §2 "Generic dropdown"). The answer's message is a toast; a 422 is shown under the name field instead.
 */
export const createMeasurement = ({
  companyIdentifier,
  input,
}: CreateMeasurementVariables): Promise<SavedResponse<Measurement>> =>
  api.post(`/api/company/${encodeURIComponent(companyIdentifier)}/measurements`, {
    body: input,
    schema: savedMeasurementSchema,
    inlineFieldErrors: true,
  });

/** Every measurements query (the unit dropdown's groups, the measurements page) is refreshed by prefix. */
export const useCreateMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMeasurement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['measurements'] }),
  });
};
