import {
  messageResponseSchema,
  type ChangeSalaryInput,
  type MessageResponse,
} from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/change-salary` {id, salary} (spec §7): sent 2 s after the last keystroke. */
export const changeSalary = (input: ChangeSalaryInput): Promise<MessageResponse> =>
  api.post('/api/change-salary', { body: input, schema: messageResponseSchema });

/**
 * Spec §7: after the save "the table reloads". The mutation settles only once the reload is back, so the row
 * can drop the typed value and show the stored one without flashing the old salary in between.
 */
export const useChangeSalary = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSalary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
};
