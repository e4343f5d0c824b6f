import { apiRoutes } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { callApi, whileSigningOut } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { clearLocalStorage } from '@/lib/http-reading';

/**
 * `POST /api/members/leave` (issue 22): the caller's account is deleted and the server ends the session, so the
 * app then does what a sign-out does: the landing page, no cached data, no user, nothing in local storage. Unlike
 * a sign-out, a refusal (409: the last owner) leaves the user where they are, signed in.
 */
export const useLeaveCompany = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      whileSigningOut(async () => {
        const answer = await callApi(apiRoutes.members.leave, {});
        await navigate(paths.home);
        queryClient.removeQueries({
          predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0],
        });
        queryClient.setQueryData(USER_QUERY_KEY, null);
        clearLocalStorage({ withUnsavedDrafts: true });
        return answer;
      }),
  });
};
