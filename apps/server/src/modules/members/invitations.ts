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
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { scopeOf, type SessionUser } from '../../lib/company-scope';
import { UniqueViolationError } from '../../lib/db-errors';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
import { newIdentifier, newToken, sha256 } from '../../lib/random';
import type { ClientContext, SignedIn } from '../auth/auth.service';
import { buildInvitationMail } from './invitation-mail';
import type { InvitationRow } from './members.repository';
import { ROLE_FIELD, type MembersDeps } from './member-rules';

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
/**
 * Invitations into an institution (issue 22, limits issue 34): inviting by e-mail, revoking, the invitation page
 * and accepting it — as a new user, or as the only member of a company without orders, which is then deleted.
 * An invitation is used once within its days.
 */
export function createInvitations(deps: MembersDeps) {
  const {
    membersRepository: repo,
    accounts,
    companies,
    orders,
    tariffComparison,
    runInTransaction,
    activityLog,
    mailer,
    appUrl,
    sessions,
  } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Issue 34: the limits of {@link INVITATION_LIMITS} on the letters a company sends and an address receives,
   * counting every invitation made (revoked ones too, so revoking and inviting again counts). The company's row is
   * locked first, so two invitations at once cannot both pass the last free place.
   */
  async function assertInvitationLimits(companyId: number, email: string, at: Date, tx: Executor) {
    await companies.lockCompany(companyId, tx);
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

  return {
    /** `POST /api/members/invitations`: stores the token's hash and mails the link, in one transaction. */
    async invite(user: SessionUser, input: InviteMemberInput): Promise<Invitation> {
      const at = now();
      const token = newToken();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const id = await runInTransaction(async (tx) => {
        const existing = await accounts.findUserByEmail(input.email, tx);
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
        await activityLog.record(tx, scopeOf(user), {
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
        await activityLog.record(tx, scopeOf(user), {
          kind: 'member-invited',
          subject: revoked.email,
          changes: [{ field: 'Запрошення', from: 'Надіслано', to: 'Відкликано' }],
        });
      });
    },

    /** `GET /api/invitations/:token`: what the invitation page shows. */
    async invitationInfo(token: string, ip: string): Promise<InvitationInfo> {
      const row = await usableFrom(token, ip, now());
      const existing = await accounts.findUserByEmail(row.email);
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
      const existing = await accounts.findUserByEmail(preview.email);
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
            const current = await accounts.findUserByEmail(invitation.email, tx);
            if (!current) throw new AppError('GONE', MEMBER_MESSAGES.invitationGone);
            if (current.companyId === invitation.companyId)
              throw AppError.field('email', MEMBER_MESSAGES.alreadyMember);
            const solo =
              current.providerRole !== 'admin' &&
              (await accounts.countMembers(current.companyId, tx)) === 1 &&
              (await orders.countOfCompany(current.companyId, tx)) === 0;
            if (!solo) throw new AppError('CONFLICT', MEMBER_MESSAGES.memberOfAnother);
            await accounts.moveUser(current.id, invitation.companyId, invitation.role, tx);
            await tariffComparison.removeCompany(current.companyId, tx);
            await companies.deleteCompany(current.companyId, tx);
            id = current.id;
            actorName = current.name;
          } else {
            if (!newMember || !passwordHash) throw new Error('new member without input');
            id = await accounts.insertMember(
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
          // The one who joins acts: signed in only by this very call, so the actor is the new member.
          await activityLog.record(
            tx,
            {
              companyId: invitation.companyId,
              actor: { userId: id, name: actorName, email: invitation.email },
            },
            {
              kind: 'member-joined',
              subject: invitation.email,
              changes: [{ field: ROLE_FIELD, from: null, to: MEMBER_ROLE_LABELS[invitation.role] }],
            },
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
