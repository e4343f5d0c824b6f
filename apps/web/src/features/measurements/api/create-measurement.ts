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

/** `POST /api/company/{companyIdentifier}/measurements` {name} (spec §7); the answer's message is a toast. */
export const createMeasurement = ({
  companyIdentifier,
  input,
}: CreateMeasurementVariables): Promise<SavedResponse<Measurement>> =>
  api.post(`/api/company/${encodeURIComponent(companyIdentifier)}/measurements`, {
    body: input,
    schema: savedMeasurementSchema,
    inlineFieldErrors: true,
  });

/** Every measurements query (pages, the own list, the standard chips) is refreshed by prefix. */
export const useCreateMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMeasurement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['measurements'] }),
  });
};
