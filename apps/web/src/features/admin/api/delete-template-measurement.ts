import { messageResponseSchema, type MessageResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invalidateUnitDependentQueries } from './invalidate-unit-dependent-queries';

/**
 * `DELETE /api/measurements/{id}` (spec §7; admin only). A unit a material still uses answers 409 with a
 * message, which the API client shows as an error toast.
 */
export const deleteTemplateMeasurement = (id: number): Promise<MessageResponse> =>
  api.delete(`/api/measurements/${id}`, { schema: messageResponseSchema });

export const useDeleteTemplateMeasurement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplateMeasurement,
    onSuccess: () => invalidateUnitDependentQueries(queryClient),
  });
};
