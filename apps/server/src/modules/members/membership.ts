import {
  MEMBER_MESSAGES,
  MEMBER_ROLE_LABELS,
  type Invitation,
  type Member,
  type MemberRole,
  type MembersPage,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { scopeOf, type CompanyScope, type SessionUser } from '../../lib/company-scope';
import type { InvitationRow } from './members.repository';
import { lastOwner, notFound, ROLE_FIELD, toMember, type MembersDeps } from './member-rules';

export const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedByName,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Membership of an institution (issue 22): the members page, roles, removing a member, leaving, handing the
 * ownership over. A company keeps at least one owner; every change writes its activity row in its transaction.
 */
export function createMembership(deps: MembersDeps) {
  const { membersRepository: repo, accounts, runInTransaction, activityLog, sessions } = deps;
  const now = deps.now ?? (() => new Date());

  /** Refuses a change that would leave the company without an owner (the owners are locked first). */
  async function assertOwnerRemains(companyId: number, leavingOwnerId: number, tx: Executor) {
    const owners = await accounts.lockOwners(companyId, tx);
    if (owners.filter((id) => id !== leavingOwnerId).length === 0) throw lastOwner();
  }

  /**
   * Deletes a member's account (removed, or leaving) with its activity row in one transaction, which ends every
   * session of it: 404 unless a member of the company, 409 for its last owner. The log keeps the name.
   */
  async function deleteMember(
    scope: CompanyScope,
    who: { identifier: string } | { id: number },
    kind: 'member-removed' | 'member-left',
  ) {
    const { companyId } = scope;
    const deletedId = await runInTransaction(async (tx) => {
      const target = await accounts.lockMember(companyId, who, tx);
      if (!target) throw notFound();
      if (target.role === 'owner') await assertOwnerRemains(companyId, target.id, tx);
      await activityLog.record(tx, scope, {
        kind,
        subject: target.email,
        changes: [{ field: ROLE_FIELD, from: MEMBER_ROLE_LABELS[target.role], to: null }],
      });
      await accounts.deleteUser(target.id, tx);
      return target.id;
    });
    sessions.forgetCachedSessions(deletedId);
  }

  return {
    /** `GET /api/members`: the members; the pending invitations for an owner only. */
    async page(user: SessionUser): Promise<MembersPage> {
      const members = await accounts.listMembers(user.companyId);
      const invitations =
        user.companyRole === 'owner'
          ? await repo.listPendingInvitations(user.companyId, now())
          : [];
      return {
        members: members.map((row) => toMember(row, user)),
        invitations: invitations.map(toInvitation),
      };
    },

    /** `PATCH /api/members/:identifier`: 409 when the last owner would stop being one. */
    async changeRole(user: SessionUser, identifier: string, role: MemberRole): Promise<Member> {
      const member = await runInTransaction(async (tx) => {
        const target = await accounts.lockMember(user.companyId, { identifier }, tx);
        if (!target) throw notFound();
        if (target.role === role) return target;
        if (target.role === 'owner') await assertOwnerRemains(user.companyId, target.id, tx);
        await accounts.setRole(target.id, role, tx);
        await activityLog.record(tx, scopeOf(user), {
          kind: 'member-role',
          subject: target.email,
          changes: [
            {
              field: ROLE_FIELD,
              from: MEMBER_ROLE_LABELS[target.role],
              to: MEMBER_ROLE_LABELS[role],
            },
          ],
        });
        return { ...target, role };
      });
      sessions.forgetCachedSessions(member.id);
      const [row] = (await accounts.listMembers(user.companyId)).filter((m) => m.id === member.id);
      return toMember(row ?? { ...member, lastSeenAt: null }, user);
    },

    /**
     * `DELETE /api/members/:identifier`: deletes the member's account (a user belongs to one company), which ends
     * every session of it at once; the activity log keeps the name. Oneself: 422 (leave instead).
     */
    async remove(user: SessionUser, identifier: string): Promise<void> {
      if (identifier === user.identifier)
        throw AppError.field('identifier', MEMBER_MESSAGES.removeSelf);
      await deleteMember(scopeOf(user), { identifier }, 'member-removed');
    },

    /** `POST /api/members/leave`: deletes the caller's own account; 409 for the last owner. */
    async leave(user: SessionUser): Promise<void> {
      await deleteMember(scopeOf(user), { id: user.id }, 'member-left');
    },

    /** `POST /api/members/transfer-ownership`: the member becomes an owner and the caller an economist, at once. */
    async transferOwnership(user: SessionUser, identifier: string): Promise<void> {
      if (identifier === user.identifier)
        throw AppError.field('identifier', MEMBER_MESSAGES.memberNotFound);
      const targetId = await runInTransaction(async (tx) => {
        const self = await accounts.lockMember(user.companyId, { id: user.id }, tx);
        const target = await accounts.lockMember(user.companyId, { identifier }, tx);
        if (!self) throw notFound();
        if (!target) throw notFound();
        await accounts.setRole(target.id, 'owner', tx);
        await accounts.setRole(self.id, 'economist', tx);
        await activityLog.record(tx, scopeOf(user), {
          kind: 'ownership-transferred',
          subject: target.email,
          changes: [
            { field: MEMBER_ROLE_LABELS.owner, from: self.name, to: target.name },
            {
              field: `${ROLE_FIELD}: ${target.email}`,
              from: MEMBER_ROLE_LABELS[target.role],
              to: MEMBER_ROLE_LABELS.owner,
            },
            {
              field: `${ROLE_FIELD}: ${self.email}`,
              from: MEMBER_ROLE_LABELS[self.role],
              to: MEMBER_ROLE_LABELS.economist,
            },
          ],
        });
        return target.id;
      });
      sessions.forgetCachedSessions(targetId);
      sessions.forgetCachedSessions(user.id);
    },
  };
}
