import { messageResponseSchema, type MessageResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `DELETE /api/templates/{id}` (beyond the spec, issue 11); orders that copied the template keep their copy. */
export const deleteTemplate = (id: number): Promise<MessageResponse> =>
  api.delete(`/api/templates/${id}`, { schema: messageResponseSchema });

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['templates'] }),
  });
};
