import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { MemberRole, UserRole } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { translateDbErrors } from '../../lib/db-errors';
import {
  loginThrottles,
  passwordResetTokens,
  sessions,
  users,
  type NewUser,
} from '../../db/schema';
import type { CompanyNames } from '../companies/company-names';

/** A user row joined with the company fields the current-user answer needs. */
export interface UserRecord {
  id: number;
  identifier: string;
  name: string;
  email: string;
  phone: string;
  role: UserRole;
  companyRole: MemberRole;
  passwordHash: string;
  companyId: number;
  companyName: string;
  companyIdentifier: string;
  /** Issue 34: the password is publicly known and must be changed before anything else. */
  mustChangePassword: boolean;
}

/**
 * Storage of users, sessions, reset tokens and login throttles. Drizzle only; no rules here. A user is read with
 * its company's name and identifier, joined in the same statement from the companies module's port.
 */
export function createAuthRepository(
  db: Executor,
  ports: { companies: Pick<CompanyNames, 'nameRows'> },
) {
  const company = ports.companies.nameRows;
  const userColumns = {
    id: users.id,
    identifier: users.identifier,
    name: users.name,
    email: users.email,
    phone: users.phone,
    role: users.role,
    companyRole: users.companyRole,
    passwordHash: users.passwordHash,
    companyId: users.companyId,
    companyName: company.name,
    companyIdentifier: company.identifier,
    mustChangePassword: users.mustChangePassword,
  };
  const selectUser = (tx: Executor) =>
    tx.select(userColumns).from(users).innerJoin(company, eq(company.id, users.companyId));
  const selectSessionUser = (tx: Executor) =>
    tx
      .select({
        user: userColumns,
        session: {
          id: sessions.id,
          remember: sessions.remember,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(company, eq(company.id, users.companyId));
  /**
   * session ⋈ user ⋈ company as a prepared statement: Drizzle builds its SQL once, and node-postgres prepares it
   * once per pooled connection under this name (PGlite ignores the name and parses it each time). `now` is an
   * ISO 8601 string: a placeholder bypasses the column's Date encoding.
   */
  const sessionUserStatement = selectSessionUser(db)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('medcalc_session_user');

  return {
    async findUserByEmail(email: string, tx: Executor = db): Promise<UserRecord | undefined> {
      const [row] = await selectUser(tx).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserById(id: number, tx: Executor = db): Promise<UserRecord | undefined> {
      const [row] = await selectUser(tx).where(eq(users.id, id)).limit(1);
      return row;
    },

    async insertUser(values: NewUser & { role: UserRole }, tx: Executor = db): Promise<number> {
      // A taken e-mail (users' unique index) → UniqueViolationError, which registration answers as 422.
      const [row] = await translateDbErrors(() =>
        tx.insert(users).values(values).returning({ id: users.id }),
      );
      if (!row) throw new Error('insert into users returned no row');
      return row.id;
    },

    /** A new password, which is nobody else's: it clears `must_change_password` (issue 34). */
    async updatePasswordHash(userId: number, passwordHash: string, tx: Executor = db) {
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false })
        .where(eq(users.id, userId));
    },

    /** Issue 34: the account's password is publicly known; it must be changed at the next sign-in. */
    async requirePasswordChange(userId: number, tx: Executor = db) {
      await tx.update(users).set({ mustChangePassword: true }).where(eq(users.id, userId));
    },

    /** The user's row, locked until `tx` ends (issue 33: a profile save reads, compares and writes it). */
    async lockUserById(id: number, tx: Executor): Promise<UserRecord | undefined> {
      const [row] = await selectUser(tx)
        .where(eq(users.id, id))
        .limit(1)
        .for('update', { of: users });
      return row;
    },

    /** Issue 33: the user's own name and phone. */
    async updateProfile(
      userId: number,
      values: { name: string; phone: string },
      tx: Executor = db,
    ) {
      await tx.update(users).set(values).where(eq(users.id, userId));
    },

    /**
     * The user of a live session, or undefined when the session is unknown or expired. Outside a transaction it
     * runs the prepared `sessionUserStatement` (the lookup behind every signed-in request).
     */
    async findSessionUser(sessionId: string, now: Date, tx: Executor = db) {
      if (tx === db) {
        const [row] = await sessionUserStatement.execute({ sessionId, now: now.toISOString() });
        return row;
      }
      const [row] = await selectSessionUser(tx)
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },

    async insertSession(
      values: {
        id: string;
        userId: number;
        remember: boolean;
        ip: string | null;
        userAgent: string | null;
        lastSeenAt: Date;
        expiresAt: Date;
      },
      tx: Executor = db,
    ) {
      await tx.insert(sessions).values(values);
    },

    async touchSession(sessionId: string, lastSeenAt: Date, expiresAt: Date, tx: Executor = db) {
      await tx.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, sessionId));
    },

    async deleteSession(sessionId: string, tx: Executor = db) {
      await tx.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteSessionsOfUser(userId: number, tx: Executor = db) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Every session of the user but `keptSessionId` (issue 33: a password change keeps the session that made it). */
    async deleteOtherSessionsOfUser(userId: number, keptSessionId: string, tx: Executor = db) {
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)));
    },

    async deleteExpiredSessions(now: Date, tx: Executor = db) {
      await tx.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    async insertResetToken(
      values: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
      tx: Executor = db,
    ) {
      await tx.insert(passwordResetTokens).values(values);
    },

    /** The newest reset token issued to the user, used to throttle repeated mails. */
    async findLatestResetToken(userId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, userId))
        .orderBy(sql`${passwordResetTokens.createdAt} desc`)
        .limit(1);
      return row;
    },

    async findUsableResetToken(userId: number, tokenHash: string, now: Date, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.userId, userId),
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks the used token and kills every other open token of the user (a reset ends them all). */
    async consumeResetTokens(userId: number, now: Date, tx: Executor = db) {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    async getThrottle(key: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, key))
        .limit(1);
      return row;
    },

    /** Adds one failure to the key's window, starting a new window when the old one has ended. */
    async hitThrottle(key: string, now: Date, windowEnd: Date, tx: Executor = db) {
      await tx
        .insert(loginThrottles)
        .values({ key, attempts: 1, resetAt: windowEnd })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: {
            attempts: sql`case when ${loginThrottles.resetAt} <= ${now} then 1 else ${loginThrottles.attempts} + 1 end`,
            resetAt: sql`case when ${loginThrottles.resetAt} <= ${now} then ${windowEnd} else ${loginThrottles.resetAt} end`,
          },
        });
    },

    /**
     * One more failed sign-in of `account` from the source `key`, counted until `forgetAt` (moved on by every
     * failure); the count after this one.
     */
    async hitSourceThrottle(
      key: string,
      account: string,
      now: Date,
      forgetAt: Date,
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(loginThrottles)
        .values({ key, account, attempts: 1, resetAt: forgetAt })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: {
            attempts: sql`case when ${loginThrottles.resetAt} <= ${now} then 1 else ${loginThrottles.attempts} + 1 end`,
            resetAt: forgetAt,
            account,
          },
        })
        .returning({ attempts: loginThrottles.attempts });
      return row?.attempts ?? 1;
    },

    async lockThrottle(key: string, until: Date, tx: Executor = db) {
      await tx
        .update(loginThrottles)
        .set({ lockedUntil: until })
        .where(eq(loginThrottles.key, key));
    },

    /** Forgets every source's failed sign-ins of an account (a completed password reset). */
    async clearAccountThrottles(account: string, tx: Executor = db) {
      await tx.delete(loginThrottles).where(eq(loginThrottles.account, account));
    },

    async clearThrottle(key: string, tx: Executor = db) {
      await tx.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
