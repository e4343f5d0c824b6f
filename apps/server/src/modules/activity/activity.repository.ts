import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { compareUkrainian, type ActivityChange, type ActivityKind } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { activityLog, users } from '../../db/schema';

/** A row of the log with its actor's identifier (null once the account is gone). */
export interface ActivityRow {
  id: number;
  createdAt: Date;
  actorIdentifier: string | null;
  actorName: string;
  actorEmail: string | null;
  kind: ActivityKind;
  subject: string;
  orderName: string | null;
  changes: ActivityChange[];
}

/** The stored filter: an actor's identifier, a kind, and a time window [from, to) already in instants. */
export interface ActivityWhere {
  person?: string | undefined;
  kind?: ActivityKind | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

const rowColumns = {
  id: activityLog.id,
  createdAt: activityLog.createdAt,
  actorIdentifier: users.identifier,
  actorName: activityLog.actorName,
  actorEmail: activityLog.actorEmail,
  kind: activityLog.kind,
  subject: activityLog.subject,
  orderName: activityLog.orderName,
  changes: activityLog.changes,
};

/** Reads of the activity log (its writes are `recordActivity`, in the transaction of each change). */
export function createActivityRepository(db: Executor) {
  const whereOf = (companyId: number, filter: ActivityWhere): SQL | undefined =>
    and(
      eq(activityLog.companyId, companyId),
      filter.person === undefined ? undefined : eq(users.identifier, filter.person),
      filter.kind === undefined ? undefined : eq(activityLog.kind, filter.kind),
      filter.from === undefined ? undefined : gte(activityLog.createdAt, filter.from),
      filter.until === undefined ? undefined : lt(activityLog.createdAt, filter.until),
    );
  const newestFirst = [desc(activityLog.createdAt), desc(activityLog.id)];

  return {
    /** One page of the company's log, newest first, and the number of rows matching the filter. */
    async page(
      companyId: number,
      filter: ActivityWhere,
      window: { limit: number; offset: number },
    ): Promise<{ rows: ActivityRow[]; total: number }> {
      const where = whereOf(companyId, filter);
      const [totals] = await db
        .select({ total: count() })
        .from(activityLog)
        .leftJoin(users, eq(users.id, activityLog.actorId))
        .where(where);
      const rows = await db
        .select(rowColumns)
        .from(activityLog)
        .leftJoin(users, eq(users.id, activityLog.actorId))
        .where(where)
        .orderBy(...newestFirst)
        .limit(window.limit)
        .offset(window.offset);
      return { rows: rows as ActivityRow[], total: totals?.total ?? 0 };
    },

    /** Every row matching the filter, newest first, at most `limit` (the export). */
    async list(companyId: number, filter: ActivityWhere, limit: number): Promise<ActivityRow[]> {
      const rows = await db
        .select(rowColumns)
        .from(activityLog)
        .leftJoin(users, eq(users.id, activityLog.actorId))
        .where(whereOf(companyId, filter))
        .orderBy(...newestFirst)
        .limit(limit);
      return rows as ActivityRow[];
    },

    /** The people of the filter: the company's members and every actor of its log whose account still exists. */
    async people(
      companyId: number,
    ): Promise<Array<{ identifier: string; name: string; email: string }>> {
      const members = await db
        .select({ identifier: users.identifier, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.companyId, companyId));
      const actors = await db
        .selectDistinct({ identifier: users.identifier, name: users.name, email: users.email })
        .from(activityLog)
        .innerJoin(users, eq(users.id, activityLog.actorId))
        .where(eq(activityLog.companyId, companyId));
      const byIdentifier = new Map([...members, ...actors].map((p) => [p.identifier, p]));
      return [...byIdentifier.values()].sort(
        (a, b) => compareUkrainian(a.name, b.name) || a.email.localeCompare(b.email),
      );
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
