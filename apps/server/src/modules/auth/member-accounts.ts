import { and, asc, eq, max } from 'drizzle-orm';
import type { MemberRole } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { sessions, users, type NewUser } from '../../db/schema';
import { translateDbErrors } from '../../lib/db-errors';

/** A member as the members page reads it. */
export interface MemberRow {
  id: number;
  identifier: string;
  name: string;
  email: string;
  role: MemberRole;
  lastSeenAt: Date | null;
}

const memberColumns = {
  id: users.id,
  identifier: users.identifier,
  name: users.name,
  email: users.email,
  role: users.companyRole,
};

/**
 * The auth module's port for the members module (issue 22): a company's members are users, so their reads and
 * writes (roles, joining by invitation, deleting an account) are the owner's of the `users` table.
 */
export function createMemberAccounts(db: Executor) {
  return {
    /** The company's members in name order, each with the newest last request of their sessions. */
    async listMembers(companyId: number, tx: Executor = db): Promise<MemberRow[]> {
      return tx
        .select({ ...memberColumns, lastSeenAt: max(sessions.lastSeenAt) })
        .from(users)
        .leftJoin(sessions, eq(sessions.userId, users.id))
        .where(eq(users.companyId, companyId))
        .groupBy(users.id)
        .orderBy(asc(users.name), asc(users.id));
    },

    /**
     * One member of the company by identifier (or by internal id, for the caller), locked for the change that
     * follows (FOR UPDATE), or undefined when it names no member of this company.
     */
    async lockMember(
      companyId: number,
      who: { identifier: string } | { id: number },
      tx: Executor,
    ) {
      const named =
        'identifier' in who ? eq(users.identifier, who.identifier) : eq(users.id, who.id);
      const [row] = await tx
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.companyId, companyId), named))
        .for('update');
      return row;
    },

    /**
     * The company's owners, locked: two changes at once that would each leave one owner (two owners demoting each
     * other) wait for each other, so the second sees the first's result.
     */
    async lockOwners(companyId: number, tx: Executor): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'owner')))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async setRole(userId: number, role: MemberRole, tx: Executor) {
      await tx.update(users).set({ companyRole: role }).where(eq(users.id, userId));
    },

    /** Deletes a user's account; its sessions and reset tokens go with it (foreign keys cascade). */
    async deleteUser(userId: number, tx: Executor) {
      await tx.delete(users).where(eq(users.id, userId));
    },

    async findUserByEmail(email: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          ...memberColumns,
          companyId: users.companyId,
          passwordHash: users.passwordHash,
          providerRole: users.role,
        })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async countMembers(companyId: number, tx: Executor): Promise<number> {
      return tx.$count(users, eq(users.companyId, companyId));
    },

    /** Moves a user into another company with a role (joining by invitation). */
    async moveUser(userId: number, companyId: number, role: MemberRole, tx: Executor) {
      await tx.update(users).set({ companyId, companyRole: role }).where(eq(users.id, userId));
    },

    async insertMember(
      values: NewUser & { companyRole: MemberRole },
      tx: Executor,
    ): Promise<number> {
      const [row] = await translateDbErrors(() =>
        tx
          .insert(users)
          .values({ ...values, role: 'user' })
          .returning({ id: users.id }),
      );
      if (!row) throw new Error('insert into users returned no row');
      return row.id;
    },
  };
}

export type MemberAccounts = ReturnType<typeof createMemberAccounts>;
