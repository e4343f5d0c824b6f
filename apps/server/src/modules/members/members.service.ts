import {
  issuesByPath,
  INVITATION_LIMIT_MESSAGES,
  INVITATION_LIMITS,
  INVITATION_TTL_DAYS,
  MEMBER_MESSAGES,
  MEMBER_ROLE_LABELS,
  newMemberInputSchema,
  VALIDATION_MESSAGE,
  type AcceptInvitationInput,
  type Invitation,
  type InvitationInfo,
  type InviteMemberInput,
  type Member,
  type MemberRole,
  type MembersPage,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../lib/company-scope';
import { UniqueViolationError } from '../../lib/db-errors';
import type { Mailer } from '../../lib/mailer';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
import { newIdentifier, newToken, sha256 } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/record-activity';
import type { AuthService, ClientContext, SignedIn } from '../auth/auth.service';
import { buildInvitationMail } from './invitation-mail';
import type { InvitationRow, MemberRow, MembersRepository } from './members.repository';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * 429 when `made` (times of invitations in the last `windowMs`) already holds `limit`; `Retry-After` is when the
 * oldest of them that must leave the window does.
 */
function assertUnder(
  made: Date[],
  limit: number,
  windowMs: number,
  at: Date,
  message: (hours: number) => string,
) {
  const inWindow = made
    .filter((time) => time.getTime() > at.getTime() - windowMs)
    .sort((a, b) => a.getTime() - b.getTime());
  const leaving = inWindow[inWindow.length - limit];
  if (!leaving) return;
  const seconds = Math.max(1, Math.ceil((leaving.getTime() + windowMs - at.getTime()) / 1000));
  throw new AppError('TOO_MANY_REQUESTS', message(Math.ceil(seconds / 3600)), {
    retryAfter: seconds,
  });
}
const ROLE_FIELD = 'Роль';

const toMember = (row: MemberRow, you: SessionUser): Member => ({
  identifier: row.identifier,
  name: row.name,
  email: row.email,
  role: row.role,
  lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
  isYou: row.id === you.id,
});

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedByName,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const lastOwner = () => new AppError('CONFLICT', MEMBER_MESSAGES.lastOwner);
const notFound = () => new AppError('NOT_FOUND', MEMBER_MESSAGES.memberNotFound);

/**
 * Members of an institution and invitations into it (issue 22). Who may call what is the route table's `access`
 * (plugins/auth.ts `guardFor`); the rules here are about the data: a company keeps at least one owner, a user
 * belongs to one company, an invitation is used once within 7 days. Every change writes its activity row in its
 * own transaction.
 */
export function createMembersService(deps: {
  membersRepository: MembersRepository;
  runInTransaction: RunInTransaction;
  mailer: Mailer;
  appUrl: string;
  sessions: Pick<
    AuthService,
    'startSessionFor' | 'forgetCachedSessions' | 'throttleInvitationLink' | 'checkAccountPassword'
  >;
  now?: () => Date;
}) {
  const { membersRepository: repo, runInTransaction, mailer, appUrl, sessions } = deps;
  const now = deps.now ?? (() => new Date());

  /** Refuses a change that would leave the company without an owner (the owners are locked first). */
  async function assertOwnerRemains(companyId: number, leavingOwnerId: number, tx: Executor) {
    const owners = await repo.lockOwners(companyId, tx);
    if (owners.filter((id) => id !== leavingOwnerId).length === 0) throw lastOwner();
  }

  /**
   * Issue 34: the limits of {@link INVITATION_LIMITS} on the letters a company sends and an address receives,
   * counting every invitation made (revoked ones too, so revoking and inviting again counts). The company's row is
   * locked first, so two invitations at once cannot both pass the last free place.
   */
  async function assertInvitationLimits(companyId: number, email: string, at: Date, tx: Executor) {
    await repo.lockCompany(companyId, tx);
    const made = await repo.invitationsSince(companyId, email, new Date(at.getTime() - DAY_MS), tx);
    const own = made.filter((row) => row.companyId === companyId);
    const toRecipient = made.filter((row) => row.email === email);
    const times = (rows: typeof made) => rows.map((row) => row.createdAt);
    const { company, recipient } = INVITATION_LIMIT_MESSAGES;
    assertUnder(times(own), INVITATION_LIMITS.perCompanyHour, HOUR_MS, at, company);
    assertUnder(times(own), INVITATION_LIMITS.perCompanyDay, DAY_MS, at, company);
    assertUnder(
      times(toRecipient.filter((row) => row.companyId === companyId)),
      INVITATION_LIMITS.perRecipientFromCompanyDay,
      DAY_MS,
      at,
      recipient,
    );
    assertUnder(times(toRecipient), INVITATION_LIMITS.perRecipientDay, DAY_MS, at, recipient);
  }

  /** The invitation of a link that can still be used: 404 unknown, 410 used, revoked or expired. */
  function usable(row: InvitationRow | undefined, at: Date): InvitationRow {
    if (!row) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.invitationNotFound);
    if (row.usedAt || row.revokedAt || row.expiresAt <= at)
      throw new AppError('GONE', MEMBER_MESSAGES.invitationGone);
    return row;
  }

  /**
   * The invitation of a link opened or accepted by a guest at `ip`: as {@link usable}, throttled per IP like
   * password-reset links (modules/auth `throttleInvitationLink`: refused links count, 429 after too many).
   */
  const usableFrom = (token: string, ip: string, at: Date) =>
    sessions.throttleInvitationLink(ip, async () =>
      usable(await repo.findInvitation(sha256(token)), at),
    );

  /**
   * Deletes a member's account (removed, or leaving) with its activity row in one transaction, which ends every
   * session of it: 404 unless a member of the company, 409 for its last owner. The log keeps the name.
   */
  async function deleteMember(
    companyId: number,
    who: { identifier: string } | { id: number },
    kind: 'member-removed' | 'member-left',
  ) {
    const deletedId = await runInTransaction(async (tx) => {
      const target = await repo.lockMember(companyId, who, tx);
      if (!target) throw notFound();
      if (target.role === 'owner') await assertOwnerRemains(companyId, target.id, tx);
      await recordActivity(tx, companyId, {
        kind,
        subject: target.email,
        changes: [{ field: ROLE_FIELD, from: MEMBER_ROLE_LABELS[target.role], to: null }],
      });
      await repo.deleteUser(target.id, tx);
      return target.id;
    });
    sessions.forgetCachedSessions(deletedId);
  }

  return {
    /** `GET /api/members`: the members; the pending invitations for an owner only. */
    async page(user: SessionUser): Promise<MembersPage> {
      const members = await repo.listMembers(user.companyId);
      const invitations =
        user.companyRole === 'owner'
          ? await repo.listPendingInvitations(user.companyId, now())
          : [];
      return {
        members: members.map((row) => toMember(row, user)),
        invitations: invitations.map(toInvitation),
      };
    },

    /** `POST /api/members/invitations`: stores the token's hash and mails the link, in one transaction. */
    async invite(user: SessionUser, input: InviteMemberInput): Promise<Invitation> {
      const at = now();
      const token = newToken();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const id = await runInTransaction(async (tx) => {
        const existing = await repo.findUserByEmail(input.email, tx);
        if (existing?.companyId === user.companyId)
          throw AppError.field('email', MEMBER_MESSAGES.alreadyMember);
        if (await repo.hasPendingInvitation(user.companyId, input.email, at, tx))
          throw AppError.field('email', MEMBER_MESSAGES.alreadyInvited);
        await assertInvitationLimits(user.companyId, input.email, at, tx);
        const invitationId = await repo.insertInvitation(
          {
            companyId: user.companyId,
            email: input.email,
            role: input.role,
            tokenHash: sha256(token),
            invitedBy: user.id,
            invitedByName: user.name,
            expiresAt,
            createdAt: at,
          },
          tx,
        );
        await recordActivity(tx, user.companyId, {
          kind: 'member-invited',
          subject: input.email,
          changes: [{ field: ROLE_FIELD, from: null, to: MEMBER_ROLE_LABELS[input.role] }],
        });
        return invitationId;
      });
      // After the commit: the mail queue (lib/mail-outbox.ts) writes its row with its own connection, which on the
      // embedded database would wait for this transaction forever; the queue then sends and retries the letter.
      await mailer.send({
        to: input.email,
        ...buildInvitationMail({
          companyName: user.company,
          inviterName: user.name,
          inviterEmail: user.email,
          role: input.role,
          link: `${appUrl}/invitations/${token}`,
        }),
      });
      return {
        id,
        email: input.email,
        role: input.role,
        invitedBy: user.name,
        createdAt: at.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** `DELETE /api/members/invitations/:id`: 404 unless a pending invitation of the company. */
    async revokeInvitation(user: SessionUser, id: number): Promise<void> {
      await runInTransaction(async (tx) => {
        const revoked = await repo.revokeInvitation(user.companyId, id, now(), tx);
        if (!revoked) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.invitationNotFound);
        await recordActivity(tx, user.companyId, {
          kind: 'member-invited',
          subject: revoked.email,
          changes: [{ field: 'Запрошення', from: 'Надіслано', to: 'Відкликано' }],
        });
      });
    },

    /** `PATCH /api/members/:identifier`: 409 when the last owner would stop being one. */
    async changeRole(user: SessionUser, identifier: string, role: MemberRole): Promise<Member> {
      const member = await runInTransaction(async (tx) => {
        const target = await repo.lockMember(user.companyId, { identifier }, tx);
        if (!target) throw notFound();
        if (target.role === role) return target;
        if (target.role === 'owner') await assertOwnerRemains(user.companyId, target.id, tx);
        await repo.setRole(target.id, role, tx);
        await recordActivity(tx, user.companyId, {
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
      const [row] = (await repo.listMembers(user.companyId)).filter((m) => m.id === member.id);
      return toMember(row ?? { ...member, lastSeenAt: null }, user);
    },

    /**
     * `DELETE /api/members/:identifier`: deletes the member's account (a user belongs to one company), which ends
     * every session of it at once; the activity log keeps the name. Oneself: 422 (leave instead).
     */
    async remove(user: SessionUser, identifier: string): Promise<void> {
      if (identifier === user.identifier)
        throw AppError.field('identifier', MEMBER_MESSAGES.removeSelf);
      await deleteMember(user.companyId, { identifier }, 'member-removed');
    },

    /** `POST /api/members/leave`: deletes the caller's own account; 409 for the last owner. */
    async leave(user: SessionUser): Promise<void> {
      await deleteMember(user.companyId, { id: user.id }, 'member-left');
    },

    /** `POST /api/members/transfer-ownership`: the member becomes an owner and the caller an economist, at once. */
    async transferOwnership(user: SessionUser, identifier: string): Promise<void> {
      if (identifier === user.identifier)
        throw AppError.field('identifier', MEMBER_MESSAGES.memberNotFound);
      const targetId = await runInTransaction(async (tx) => {
        const self = await repo.lockMember(user.companyId, { id: user.id }, tx);
        const target = await repo.lockMember(user.companyId, { identifier }, tx);
        if (!self) throw notFound();
        if (!target) throw notFound();
        await repo.setRole(target.id, 'owner', tx);
        await repo.setRole(self.id, 'economist', tx);
        await recordActivity(tx, user.companyId, {
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

    /** `GET /api/invitations/:token`: what the invitation page shows. */
    async invitationInfo(token: string, ip: string): Promise<InvitationInfo> {
      const row = await usableFrom(token, ip, now());
      const existing = await repo.findUserByEmail(row.email);
      return {
        companyName: row.companyName,
        email: row.email,
        role: row.role,
        invitedBy: row.invitedByName,
        expiresAt: row.expiresAt.toISOString(),
        existingUser: existing !== undefined,
      };
    },

    /**
     * `POST /api/invitations/:token/accept`: a new e-mail becomes a user of the company with the invitation's role;
     * an existing user (their current password) moves in when they are the only member of a company without
     * orders, which is deleted (otherwise 409). The invitation is used in the same transaction; then signed in.
     */
    async accept(
      token: string,
      input: AcceptInvitationInput,
      ctx: ClientContext,
    ): Promise<SignedIn> {
      const at = now();
      // Checked before the transaction, so a password hash (slow by design) is not computed inside it.
      const preview = await usableFrom(token, ctx.ip, at);
      const existing = await repo.findUserByEmail(preview.email);
      let passwordHash: string | undefined;
      let newMember: { name: string; phone: string } | undefined;
      if (existing) {
        // A password guess at the account, so counted and delayed as a sign-in from this source is.
        if (!(await sessions.checkAccountPassword(existing.email, input.password, ctx)))
          throw AppError.field('password', MEMBER_MESSAGES.wrongPassword);
      } else {
        const parsed = newMemberInputSchema.safeParse(input);
        if (!parsed.success) {
          throw new AppError('VALIDATION', VALIDATION_MESSAGE, {
            fieldErrors: issuesByPath(parsed.error.issues, 'password'),
          });
        }
        await assertUncommonPassword(parsed.data.password);
        passwordHash = await hashPassword(parsed.data.password);
        newMember = { name: parsed.data.name, phone: parsed.data.phone ?? '' };
      }

      let userId: number;
      try {
        userId = await runInTransaction(async (tx) => {
          const invitation = usable(await repo.findInvitation(sha256(token), tx, true), at);
          let id: number;
          let actorName: string;
          if (existing) {
            const current = await repo.findUserByEmail(invitation.email, tx);
            if (!current) throw new AppError('GONE', MEMBER_MESSAGES.invitationGone);
            if (current.companyId === invitation.companyId)
              throw AppError.field('email', MEMBER_MESSAGES.alreadyMember);
            const solo =
              current.providerRole !== 'admin' &&
              (await repo.countMembers(current.companyId, tx)) === 1 &&
              (await repo.countOrders(current.companyId, tx)) === 0;
            if (!solo) throw new AppError('CONFLICT', MEMBER_MESSAGES.memberOfAnother);
            await repo.moveUser(current.id, invitation.companyId, invitation.role, tx);
            await repo.deleteCompany(current.companyId, tx);
            id = current.id;
            actorName = current.name;
          } else {
            if (!newMember || !passwordHash) throw new Error('new member without input');
            id = await repo.insertMember(
              {
                identifier: newIdentifier(),
                companyId: invitation.companyId,
                name: newMember.name,
                email: invitation.email,
                phone: newMember.phone,
                passwordHash,
                companyRole: invitation.role,
              },
              tx,
            );
            actorName = newMember.name;
          }
          await repo.markInvitationUsed(invitation.id, at, tx);
          await recordActivity(
            tx,
            invitation.companyId,
            {
              kind: 'member-joined',
              subject: invitation.email,
              changes: [{ field: ROLE_FIELD, from: null, to: MEMBER_ROLE_LABELS[invitation.role] }],
            },
            { userId: id, name: actorName, email: invitation.email },
          );
          return id;
        });
      } catch (error) {
        // The address registered between the check and the insert: the unique index decides.
        if (error instanceof UniqueViolationError)
          throw new AppError('CONFLICT', MEMBER_MESSAGES.memberOfAnother);
        throw error;
      }
      sessions.forgetCachedSessions(userId);
      return sessions.startSessionFor(userId, ctx);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
