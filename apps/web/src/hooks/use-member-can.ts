import { memberCan, type MemberPermission } from '@medcalc/domain';

import { useUser } from '@/lib/auth';

/**
 * Issue 22: whether the signed-in user's role in their institution (`companyRole`) allows `permission`, by the
 * domain's `memberCan` (the same table the server's route guard reads). While the session is being checked the
 * answer is false: a control appears once allowed, never disappears after a click.
 */
export function useMemberCan(permission: MemberPermission): boolean {
  const { data: user } = useUser();
  return memberCan(user?.companyRole, permission);
}
