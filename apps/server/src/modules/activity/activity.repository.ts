import { and, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { compareUkrainian, type ActivityChange, type ActivityKind } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { activityLog } from '../../db/schema';
import type { UserDirectory } from '../auth/user-directory';

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
  actorId: activityLog.actorId,
  actorName: activityLog.actorName,
  actorEmail: activityLog.actorEmail,
  kind: activityLog.kind,
  subject: activityLog.subject,
  orderName: activityLog.orderName,
  changes: activityLog.changes,
};

/**
 * Reads of the activity log (its writes are `recordActivity`, in the transaction of each change). The actors are
 * users, named through the auth module's port (`users`, passed in by app.ts).
 */
export function createActivityRepository(
  db: Executor,
  ports: { users: Pick<UserDirectory, 'namesOf' | 'idOf' | 'ofCompany'> },
) {
  const whereOf = async (companyId: number, filter: ActivityWhere): Promise<SQL | undefined> => {
    // A person is asked for by identifier; one whose account is gone (or never was) has no rows.
    const actorId = filter.person === undefined ? undefined : await ports.users.idOf(filter.person);
    return and(
      eq(activityLog.companyId, companyId),
      filter.person === undefined
        ? undefined
        : actorId === undefined
          ? sql`false`
          : eq(activityLog.actorId, actorId),
      filter.kind === undefined ? undefined : eq(activityLog.kind, filter.kind),
      filter.from === undefined ? undefined : gte(activityLog.createdAt, filter.from),
      filter.until === undefined ? undefined : lt(activityLog.createdAt, filter.until),
    );
  };
  const newestFirst = [desc(activityLog.createdAt), desc(activityLog.id)];
  /** The rows with their actor's identifier (null once the account is gone), in one more query. */
  const withActors = async (
    rows: Array<
      Omit<ActivityRow, 'actorIdentifier' | 'kind'> & { actorId: number | null; kind: string }
    >,
  ): Promise<ActivityRow[]> => {
    const actors = await ports.users.namesOf(rows.map((row) => row.actorId));
    return rows.map(({ actorId, ...row }) => ({
      ...row,
      // The column is written from ActivityKind only (activity-log.ts).
      kind: row.kind as ActivityKind,
      actorIdentifier: actorId === null ? null : (actors.get(actorId)?.identifier ?? null),
    }));
  };

  return {
    /** One page of the company's log, newest first, and the number of rows matching the filter. */
    async page(
      companyId: number,
      filter: ActivityWhere,
      window: { limit: number; offset: number },
    ): Promise<{ rows: ActivityRow[]; total: number }> {
      const where = await whereOf(companyId, filter);
      const [totals] = await db.select({ total: count() }).from(activityLog).where(where);
      const rows = await db
        .select(rowColumns)
        .from(activityLog)
        .where(where)
        .orderBy(...newestFirst)
        .limit(window.limit)
        .offset(window.offset);
      return { rows: await withActors(rows), total: totals?.total ?? 0 };
    },

    /** Every row matching the filter, newest first, at most `limit` (the export). */
    async list(companyId: number, filter: ActivityWhere, limit: number): Promise<ActivityRow[]> {
      const rows = await db
        .select(rowColumns)
        .from(activityLog)
        .where(await whereOf(companyId, filter))
        .orderBy(...newestFirst)
        .limit(limit);
      return withActors(rows);
    },

    /** The people of the filter: the company's members and every actor of its log whose account still exists. */
    async people(
      companyId: number,
    ): Promise<Array<{ identifier: string; name: string; email: string }>> {
      const members = await ports.users.ofCompany(companyId);
      const actorIds = await db
        .selectDistinct({ id: activityLog.actorId })
        .from(activityLog)
        .where(and(eq(activityLog.companyId, companyId), isNotNull(activityLog.actorId)));
      const actors = await ports.users.namesOf(actorIds.map((row) => row.id));
      const byIdentifier = new Map(
        [...members, ...actors.values()].map(({ identifier, name, email }) => [
          identifier,
          { identifier, name, email },
        ]),
      );
      return [...byIdentifier.values()].sort(
        (a, b) => compareUkrainian(a.name, b.name) || a.email.localeCompare(b.email),
      );
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
