import { apiRoutes } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { callApi, whileSigningOut } from '@/lib/api-client';
import { useLeaveSignedOut } from '@/lib/auth';

/**
 * `POST /api/members/leave` (issue 22): the caller's account is deleted and the server ends the session, so the
 * app then does what a sign-out does (`useLeaveSignedOut`). Unlike a sign-out, a refusal (409: the last owner)
 * leaves the user where they are, signed in.
 */
export const useLeaveCompany = () => {
  const leaveSignedOut = useLeaveSignedOut();
  return useMutation({
    mutationFn: () =>
      whileSigningOut(async () => {
        const answer = await callApi(apiRoutes.members.leave, {});
        await leaveSignedOut();
        return answer;
      }),
  });
};
