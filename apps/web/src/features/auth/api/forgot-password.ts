import { sessionRoutes, type ForgotPasswordInput, type MessageResponse } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

import { SIGNED_OUT_FORM_CALL } from './signed-out-form-call';

/**
 * `POST /password/email` (spec §7). The page shows the answer's message itself (spec §2 "Forgot password"),
 * so the success toast is off; field errors go under the email field.
 */
export const forgotPassword = (input: ForgotPasswordInput): Promise<MessageResponse> =>
  callApi(sessionRoutes.forgotPassword, { body: input, ...SIGNED_OUT_FORM_CALL });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
