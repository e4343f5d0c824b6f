import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `DELETE /api/orders/{identifier}` (spec §7); the list reloads afterwards. */
export const deleteOrder = ({ identifier }: { identifier: string }): Promise<unknown> =>
  api.delete(`/api/orders/${encodeURIComponent(identifier)}`);

export const useDeleteOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
