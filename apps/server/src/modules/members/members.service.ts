import { createInvitations } from './invitations';
import { createMembership } from './membership';
import type { MembersDeps } from './member-rules';

/**
 * Members of an institution and invitations into it (issue 22): the use cases of membership.ts and
 * invitations.ts over one set of dependencies. Who may call what is the route table's `access`
 * (plugins/auth.ts `guardFor`); the rules here are about the data: a company keeps at least one owner, a user
 * belongs to one company, an invitation is used once within 7 days.
 */
export function createMembersService(deps: MembersDeps) {
  return { ...createMembership(deps), ...createInvitations(deps) };
}

export type MembersService = ReturnType<typeof createMembersService>;
