import {
  measurementSchema,
  savedResponseSchema,
  type Measurement,
  type MeasurementInput,
  type SavedResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invalidateUnitQueries } from './invalidate-unit-queries';

const savedMeasurementSchema = savedResponseSchema(measurementSchema);

type UpdateMeasurementVariables = {
  companyIdentifier: string;
  id: number;
  input: MeasurementInput;
};

/** `PUT /api/company/{companyIdentifier}/measurements/{id}` {name} (spec §7). */
export const updateMeasurement = ({
  companyIdentifier,
  id,
  input,
}: UpdateMeasurementVariables): Promise<SavedResponse<Measurement>> =>
  api.put(`/api/company/${encodeURIComponent(companyIdentifier)}/measurements/${id}`, {
    body: input,
    schema: savedMeasurementSchema,
    inlineFieldErrors: true,
  });

/** A renamed unit also refreshes the materials that show its old name (see invalidateUnitQueries). */
export const useUpdateMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeasurement,
    onSuccess: () => invalidateUnitQueries(queryClient),
  });
};
