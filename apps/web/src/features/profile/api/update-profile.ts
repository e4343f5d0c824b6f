import { sessionRoutes, type ProfileInput } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';
import { USER_QUERY_KEY } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/user/profile` (issue 33): the own name and phone. The answer is the user as `GET /api/user` now
 * answers it, so the header and the account menu show the new name at once; the team list and the activity log,
 * which show it too, are refreshed. A 422 is shown under the fields.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      callApi(sessionRoutes.updateProfile, { body: input, inlineFieldErrors: true }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await invalidateKeys(queryClient, [queryKeys.members.all, queryKeys.activity.all]);
    },
  });
}
