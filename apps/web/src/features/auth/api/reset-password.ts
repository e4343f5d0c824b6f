import { apiRoutes, type MessageResponse, type ResetPasswordInput } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/**
 * `POST /password/reset` (spec §7). The page shows the success message followed by a link home (spec §2
 * "Reset password"), so the success toast is off.
 */
export const resetPassword = (input: ResetPasswordInput): Promise<MessageResponse> =>
  callApi(apiRoutes.session.resetPassword, {
    body: input,
    refreshCsrf: true,
    inlineFieldErrors: true,
    toast: { success: false },
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
