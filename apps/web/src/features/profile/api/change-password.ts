import { sessionRoutes, type ChangePasswordInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PUT /api/user/password` (issue 33): a new password given the current one. The server ends the user's other
 * sessions and keeps this one; a wrong current password is a 422 under `current_password`, shown under the field.
 */
export const useChangePassword = () =>
  useApiMutation(
    sessionRoutes.changePassword,
    (input: ChangePasswordInput) => ({ body: input, inlineFieldErrors: true }),
    [queryKeys.activity.all],
  );
