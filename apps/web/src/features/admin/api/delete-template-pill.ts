import { messageResponseSchema, type MessageResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `DELETE /api/pills/{id}` (spec §7; admin only): a template material; calculations keep their copy. */
export const deleteTemplatePill = (id: number): Promise<MessageResponse> =>
  api.delete(`/api/pills/${id}`, { schema: messageResponseSchema });

export const useDeleteTemplatePill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplatePill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pills'] }),
  });
};
