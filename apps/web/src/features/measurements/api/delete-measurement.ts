import { messageResponseSchema, type MessageResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

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

export const useDeleteMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeasurement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['measurements'] }),
  });
};
