import type { ActivityChange, ActivityKind } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { activityLog } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor, CompanyScope } from '../../lib/company-scope';
import type { RunInTransaction } from '../../lib/transaction';

/** One change as a service describes it; the actor and the time are added by the log. */
export interface ActivityRecord {
  kind: ActivityKind;
  /** What it is about: the position, the material, the order's identifier, the member's e-mail, … */
  subject: string;
  /**
   * The fields that changed, old → new, as people read them (money as «12 500,00»). Never a secret. A record with
   * none is not written (issue 33: the log has no empty rows), so an unchanged save or update leaves no trace.
   */
  changes: readonly ActivityChange[];
  /** For an order's row: the order's name as it is at the change, kept with the row (see `activity_log`). */
  orderName?: string;
}

/** The row of `activity_log` a change makes, or undefined for a change without changed fields (no empty rows). */
export function activityRowOf(scope: CompanyScope, change: ActivityRecord) {
  if (change.changes.length === 0) return undefined;
  return {
    companyId: scope.companyId,
    actorId: scope.actor.userId,
    actorName: scope.actor.name,
    actorEmail: scope.actor.email,
    kind: change.kind,
    subject: change.subject,
    orderName: change.orderName ?? null,
    changes: [...change.changes],
  } satisfies typeof activityLog.$inferInsert;
}

/**
 * The writer of the company's activity log (issue 22): the one place that writes `activity_log`. The composition
 * root (app.ts) makes one and passes it to every service that records a change; services pass the scope they were
 * given, whose actor is the signed-in person (the routes build it from the session, `companyScopeOf`). Work no
 * person asked for (the start's accounts, the demo account's set-up, jobs) has no actor and does not call it.
 */
export interface ActivityLog {
  /**
   * Writes one row of `scope.companyId`'s log with `tx`, the transaction of the change it records, so the row is
   * there exactly when the change is. A change without changed fields writes no row.
   */
  record(tx: Executor, scope: CompanyScope, change: ActivityRecord): Promise<void>;
}

export function createActivityLog(): ActivityLog {
  return {
    async record(tx, scope, change) {
      const row = activityRowOf(scope, change);
      if (row) await tx.insert(activityLog).values(row);
    },
  };
}

/**
 * Records `actor`'s change of a row of reference data (a material, a unit, an import) in its owner's log: a
 * company's row in the company's; a template row (`owner` null, the administrator's) is no company's, so no row.
 */
export async function recordOwned(
  activityLog: ActivityLog,
  tx: Executor,
  owner: number | null,
  actor: Actor,
  change: ActivityRecord,
): Promise<void> {
  if (owner !== null) await activityLog.record(tx, { companyId: owner, actor }, change);
}

/**
 * Deletes the owner's row `id` of reference data (a material, a unit) and records it with {@link recordOwned} in
 * one transaction, as a change of `kind` about the row's name; NOT_FOUND with `notFound` when the owner has no such
 * row. `removal` is the changed fields of the row as it was.
 */
export async function removeOwnedRecorded<Row extends { name: string }>(
  deps: {
    runInTransaction: RunInTransaction;
    activityLog: ActivityLog;
    repo: {
      findOwned(owner: number | null, id: number, tx: Executor): Promise<Row | undefined>;
      remove(owner: number | null, id: number, tx: Executor): Promise<boolean>;
    };
  },
  target: { owner: number | null; id: number; actor: Actor; kind: ActivityKind; notFound: string },
  removal: (before: Row) => readonly ActivityChange[],
): Promise<void> {
  const { owner, id, actor, kind } = target;
  await deps.runInTransaction(async (tx) => {
    const before = await deps.repo.findOwned(owner, id, tx);
    if (before === undefined || !(await deps.repo.remove(owner, id, tx)))
      throw new AppError('NOT_FOUND', target.notFound);
    await recordOwned(deps.activityLog, tx, owner, actor, {
      kind,
      subject: before.name,
      changes: removal(before),
    });
  });
}

/** The change of one field, or nothing when it stayed the same (so an unchanged field makes no row). */
export function changeOf(
  field: string,
  from: string | null | undefined,
  to: string | null | undefined,
): ActivityChange[] {
  const before = from ?? null;
  const after = to ?? null;
  return before === after ? [] : [{ field, from: before, to: after }];
}
