import { and, asc, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import type { MemberRole } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { companies, invitations, orders, sessions, users, type NewUser } from '../../db/schema';
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

/** An invitation with its company's name (the invitation page shows it). */
export interface InvitationRow {
  id: number;
  companyId: number;
  companyName: string;
  email: string;
  role: MemberRole;
  invitedByName: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

const memberColumns = {
  id: users.id,
  identifier: users.identifier,
  name: users.name,
  email: users.email,
  role: users.companyRole,
};

const invitationColumns = {
  id: invitations.id,
  companyId: invitations.companyId,
  companyName: companies.name,
  email: invitations.email,
  role: invitations.role,
  invitedByName: invitations.invitedByName,
  expiresAt: invitations.expiresAt,
  usedAt: invitations.usedAt,
  revokedAt: invitations.revokedAt,
  createdAt: invitations.createdAt,
};

/** Storage of a company's members (users) and invitations (issue 22). Drizzle only; the rules are the service's. */
export function createMembersRepository(db: Executor) {
  const pending = (companyId: number, at: Date) =>
    and(
      eq(invitations.companyId, companyId),
      isNull(invitations.usedAt),
      isNull(invitations.revokedAt),
      gt(invitations.expiresAt, at),
    );

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

    /** Orders of the company, soft-deleted ones included (they still belong to it). */
    async countOrders(companyId: number, tx: Executor): Promise<number> {
      return tx.$count(orders, eq(orders.companyId, companyId));
    },

    /** Deletes a company and, by the foreign keys' cascade, everything of it. */
    async deleteCompany(companyId: number, tx: Executor) {
      await tx.delete(companies).where(eq(companies.id, companyId));
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

    /** The company's pending invitations, newest first. */
    async listPendingInvitations(companyId: number, at: Date): Promise<InvitationRow[]> {
      return db
        .select(invitationColumns)
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(pending(companyId, at))
        .orderBy(sql`${invitations.createdAt} desc`, sql`${invitations.id} desc`);
    },

    async hasPendingInvitation(companyId: number, email: string, at: Date, tx: Executor) {
      const [row] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(pending(companyId, at), eq(invitations.email, email)))
        .limit(1);
      return row !== undefined;
    },

    /** Locks the company's row until `tx` ends: one company's invitations are made one at a time (issue 34). */
    async lockCompany(companyId: number, tx: Executor) {
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
    },

    /**
     * Issue 34: every invitation made after `since` by the company or to `email` (revoked and used ones too),
     * with its company, address and time, for the service's limits.
     */
    async invitationsSince(companyId: number, email: string, since: Date, tx: Executor) {
      return tx
        .select({
          companyId: invitations.companyId,
          email: invitations.email,
          createdAt: invitations.createdAt,
        })
        .from(invitations)
        .where(
          and(
            gt(invitations.createdAt, since),
            or(eq(invitations.companyId, companyId), eq(invitations.email, email)),
          ),
        );
    },

    async insertInvitation(
      values: {
        companyId: number;
        email: string;
        role: MemberRole;
        tokenHash: string;
        invitedBy: number;
        invitedByName: string;
        expiresAt: Date;
        createdAt: Date;
      },
      tx: Executor,
    ): Promise<number> {
      const [row] = await tx.insert(invitations).values(values).returning({ id: invitations.id });
      if (!row) throw new Error('insert into invitations returned no row');
      return row.id;
    },

    /** Revokes a pending invitation of the company; false when there is none with that id. */
    async revokeInvitation(companyId: number, id: number, at: Date, tx: Executor) {
      const rows = await tx
        .update(invitations)
        .set({ revokedAt: at })
        .where(and(eq(invitations.id, id), pending(companyId, at)))
        .returning({ email: invitations.email });
      return rows[0];
    },

    /** The invitation of a link (by the token's SHA-256), locked when `tx` is a transaction that will use it. */
    async findInvitation(tokenHash: string, tx: Executor = db, lock = false) {
      const query = tx
        .select(invitationColumns)
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: invitations }) : await query;
      return row as InvitationRow | undefined;
    },

    async markInvitationUsed(id: number, at: Date, tx: Executor) {
      await tx.update(invitations).set({ usedAt: at }).where(eq(invitations.id, id));
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
