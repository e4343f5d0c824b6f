import type { ActivityChange, ActivityKind } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { activityLog } from '../../db/schema';
import { currentActor, type Actor } from '../../lib/actor-context';

/** One change as a service describes it; the actor and the time are added here. */
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

/**
 * Writes one row of `companyId`'s activity log (issue 22) with `tx`, the transaction of the change it records, so
 * the row is there exactly when the change is. The actor is the signed-in user of the request
 * (lib/actor-context.ts); work no person asked for (the start's accounts, jobs) has none and writes no row. This
 * is the one place that writes the log, so its one guard is here: a record without changes writes no row.
 */
export async function recordActivity(
  tx: Executor,
  companyId: number,
  record: ActivityRecord,
  actor: Actor | undefined = currentActor(),
): Promise<void> {
  if (!actor || record.changes.length === 0) return;
  await tx.insert(activityLog).values({
    companyId,
    actorId: actor.userId,
    actorName: actor.name,
    actorEmail: actor.email,
    kind: record.kind,
    subject: record.subject,
    orderName: record.orderName ?? null,
    changes: [...record.changes],
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
