import { and, asc, eq } from 'drizzle-orm';
import type { ApprovalSettings, Approver } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { companyApprovalSettings, orderApprovals } from '../../db/schema';
import type { UserDirectory } from '../auth/user-directory';

/** A recorded approval as stored, with the name of who entered it (null once the account is gone). */
export interface ApprovalRow {
  revision: number;
  approver: Approver;
  decisionNumber: string;
  decisionDate: string;
  effectiveDate: string;
  recordedBy: string | null;
  updatedAt: Date;
}

/** The values an approval is written with. */
export interface ApprovalValues {
  orderId: number;
  revision: number;
  approver: Approver;
  decisionNumber: string;
  decisionDate: string;
  effectiveDate: string;
  recordedBy: number;
}

const approvalColumns = {
  revision: orderApprovals.revision,
  approver: orderApprovals.approver,
  decisionNumber: orderApprovals.decisionNumber,
  decisionDate: orderApprovals.decisionDate,
  effectiveDate: orderApprovals.effectiveDate,
  recordedBy: orderApprovals.recordedBy,
  updatedAt: orderApprovals.updatedAt,
};

/**
 * The approval settings of companies and the approvals of order revisions (issue 35): the two tables' only reader.
 * Who recorded an approval is named through the auth module's port (`users`, passed in by app.ts).
 */
export function createApprovalsRepository(
  db: Executor,
  ports: { users: Pick<UserDirectory, 'namesOf'> },
) {
  /** The stored rows with the name of who recorded each (null once the account is gone), in one more query. */
  const named = async (
    rows: Array<Omit<ApprovalRow, 'recordedBy'> & { recordedBy: number | null }>,
    tx: Executor,
  ): Promise<ApprovalRow[]> => {
    const names = await ports.users.namesOf(
      rows.map((row) => row.recordedBy),
      tx,
    );
    return rows.map((row) => ({
      ...row,
      recordedBy: row.recordedBy === null ? null : (names.get(row.recordedBy)?.name ?? null),
    }));
  };
  return {
    /** The company's stored settings as the row holds them (maybe written by older code), or undefined. */
    async findSettings(companyId: number, tx: Executor = db): Promise<unknown> {
      const [row] = await tx
        .select({ settings: companyApprovalSettings.settings })
        .from(companyApprovalSettings)
        .where(eq(companyApprovalSettings.companyId, companyId))
        .limit(1);
      return row?.settings;
    },

    /** Writes the company's settings (one row per company). */
    async saveSettings(companyId: number, settings: ApprovalSettings, tx: Executor = db) {
      await tx
        .insert(companyApprovalSettings)
        .values({ companyId, settings })
        .onConflictDoUpdate({
          target: companyApprovalSettings.companyId,
          set: { settings, updatedAt: new Date() },
        });
    },

    /** Every recorded approval of an order, by revision. */
    async listOfOrder(orderId: number, tx: Executor = db): Promise<ApprovalRow[]> {
      const rows = await tx
        .select(approvalColumns)
        .from(orderApprovals)
        .where(eq(orderApprovals.orderId, orderId))
        .orderBy(asc(orderApprovals.revision));
      return named(rows, tx);
    },

    /** The approval of one revision, locked until `tx` ends, or undefined. */
    async lockOne(
      orderId: number,
      revision: number,
      tx: Executor,
    ): Promise<ApprovalRow | undefined> {
      const rows = await tx
        .select(approvalColumns)
        .from(orderApprovals)
        .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.revision, revision)))
        .for('update')
        .limit(1);
      const [row] = await named(rows, tx);
      return row;
    },

    /** Writes a revision's approval: a new one, or the owner's correction of the one recorded. */
    async upsert(values: ApprovalValues, tx: Executor): Promise<void> {
      const { orderId: _order, revision: _revision, ...changes } = values;
      await tx
        .insert(orderApprovals)
        .values(values)
        .onConflictDoUpdate({
          target: [orderApprovals.orderId, orderApprovals.revision],
          set: { ...changes, updatedAt: new Date() },
        });
    },
  };
}

export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
