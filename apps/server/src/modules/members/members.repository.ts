import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { MemberRole } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema';
import type { CompanyNames } from '../companies/company-names';

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

const invitationColumns = {
  id: invitations.id,
  companyId: invitations.companyId,
  email: invitations.email,
  role: invitations.role,
  invitedByName: invitations.invitedByName,
  expiresAt: invitations.expiresAt,
  usedAt: invitations.usedAt,
  revokedAt: invitations.revokedAt,
  createdAt: invitations.createdAt,
};

/**
 * Storage of a company's invitations (issue 22). Drizzle only; the rules are the service's. The members themselves
 * are users, reached through the auth module's `MemberAccounts` port; the company's name through the companies
 * module's `CompanyNames` (both passed in by app.ts).
 */
export function createMembersRepository(
  db: Executor,
  ports: { companies: Pick<CompanyNames, 'namesOf'> },
) {
  /** The invitations with their company's name, in one more query. */
  const withCompanyName = async (
    rows: Array<Omit<InvitationRow, 'companyName'>>,
    tx: Executor,
  ): Promise<InvitationRow[]> => {
    const names = await ports.companies.namesOf(
      rows.map((row) => row.companyId),
      tx,
    );
    return rows.map((row) => ({ ...row, companyName: names.get(row.companyId)?.name ?? '' }));
  };

  const pending = (companyId: number, at: Date) =>
    and(
      eq(invitations.companyId, companyId),
      isNull(invitations.usedAt),
      isNull(invitations.revokedAt),
      gt(invitations.expiresAt, at),
    );

  return {
    /** The company's pending invitations, newest first. */
    async listPendingInvitations(companyId: number, at: Date): Promise<InvitationRow[]> {
      const rows = await db
        .select(invitationColumns)
        .from(invitations)
        .where(pending(companyId, at))
        .orderBy(sql`${invitations.createdAt} desc`, sql`${invitations.id} desc`);
      return withCompanyName(rows, db);
    },

    async hasPendingInvitation(companyId: number, email: string, at: Date, tx: Executor) {
      const [row] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(pending(companyId, at), eq(invitations.email, email)))
        .limit(1);
      return row !== undefined;
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
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1);
      const [row] = await withCompanyName(lock ? await query.for('update') : await query, tx);
      return row;
    },

    async markInvitationUsed(id: number, at: Date, tx: Executor) {
      await tx.update(invitations).set({ usedAt: at }).where(eq(invitations.id, id));
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
