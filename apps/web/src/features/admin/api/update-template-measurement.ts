import {
  measurementSchema,
  savedResponseSchema,
  type Measurement,
  type MeasurementInput,
  type SavedResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invalidateUnitDependentQueries } from './invalidate-unit-dependent-queries';

const savedMeasurementSchema = savedResponseSchema(measurementSchema);

type UpdateTemplateMeasurementVariables = { id: number; input: MeasurementInput };

/** `PUT /api/measurements/{id}` {name} (spec §7; admin only): rename a standard unit. */
export const updateTemplateMeasurement = ({
  id,
  input,
}: UpdateTemplateMeasurementVariables): Promise<SavedResponse<Measurement>> =>
  api.put(`/api/measurements/${id}`, {
    body: input,
    schema: savedMeasurementSchema,
    inlineFieldErrors: true,
  });

export const useUpdateTemplateMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplateMeasurement,
    onSuccess: () => invalidateUnitDependentQueries(queryClient),
  });
};
