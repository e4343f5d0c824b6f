import { apiRoutes } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `POST /api/calculations/approve-from-user` (spec §7): 'Відправити на погодження', only at `formed`, moves the
 * order to `sent` (spec §4); the list reloads afterwards, and so do the company's own calculations, which are
 * chosen by status.
 */
export const sendOrderForApproval = ({ identifier }: { identifier: string }): Promise<unknown> =>
  callApi(apiRoutes.orders.sendForApproval, { body: { identifier } });

export const useSendOrderForApproval = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOrderForApproval,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['calculations'] }),
      ]),
  });
};
