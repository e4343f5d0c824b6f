import { messageResponseSchema, type MessageResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invalidateUnitQueries } from './invalidate-unit-queries';

type DeleteMeasurementVariables = { companyIdentifier: string; id: number };

/**
 * `DELETE /api/company/{companyIdentifier}/measurements/{id}` (spec §7). A unit a material still uses answers
 * 409 with a message, which the API client shows as an error toast (spec §8).
 */
export const deleteMeasurement = ({
  companyIdentifier,
  id,
}: DeleteMeasurementVariables): Promise<MessageResponse> =>
  api.delete(`/api/company/${encodeURIComponent(companyIdentifier)}/measurements/${id}`, {
    schema: messageResponseSchema,
  });

/** A deleted unit also refreshes the materials and unit choices that show unit names (invalidateUnitQueries). */
export const useDeleteMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeasurement,
    onSuccess: () => invalidateUnitQueries(queryClient),
  });
};
