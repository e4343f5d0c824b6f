import { messageResponseSchema, type MessageResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

type DeletePillVariables = { companyIdentifier: string; id: number };

/** `DELETE /api/company/{companyIdentifier}/pills/{id}` (spec §7); answers `{ message }`. */
export const deletePill = ({
  companyIdentifier,
  id,
}: DeletePillVariables): Promise<MessageResponse> =>
  api.delete(`/api/company/${encodeURIComponent(companyIdentifier)}/pills/${id}`, {
    schema: messageResponseSchema,
  });

export const useDeletePill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pills'] }),
  });
};
