import { messageResponseSchema, type MessageResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

type DeleteStaffRateVariables = { companyIdentifier: string; id: number };

/** `DELETE /api/company/{companyIdentifier}/stuff/{id}`: removes a position from the company's table. */
export const deleteStaffRate = ({
  companyIdentifier,
  id,
}: DeleteStaffRateVariables): Promise<MessageResponse> =>
  api.delete(`/api/company/${encodeURIComponent(companyIdentifier)}/stuff/${id}`, {
    schema: messageResponseSchema,
  });

export const useDeleteStaffRate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaffRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
};
