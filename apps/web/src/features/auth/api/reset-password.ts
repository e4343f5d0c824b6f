import { sessionRoutes, type MessageResponse, type ResetPasswordInput } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

import { SIGNED_OUT_FORM_CALL } from './signed-out-form-call';

/**
 * `POST /password/reset` (spec §7). The page shows the success message followed by a link home (spec §2
 * "Reset password"), so the success toast is off.
 */
export const resetPassword = (input: ResetPasswordInput): Promise<MessageResponse> =>
  callApi(sessionRoutes.resetPassword, { body: input, ...SIGNED_OUT_FORM_CALL });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
