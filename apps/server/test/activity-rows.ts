import type { Actor, CompanyScope } from '../src/lib/company-scope';
import { activityRowOf, type ActivityLog } from '../src/modules/activity/activity-log';

/** The row the log's writer inserts into `activity_log` (`activityRowOf`). */
export type ActivityRow = NonNullable<ReturnType<typeof activityRowOf>>;

/**
 * The activity log of a service test over fake repositories (whose transactions are no database's): keeps the
 * `activity_log` rows the writer would insert, made by the writer's own `activityRowOf`, so a test asserts what is
 * stored (the rule «no changes, no row» included); `rows` may be the caller's list. The HTTP tests read the real
 * table.
 */
export function activityRows(rows: ActivityRow[] = []): {
  activityLog: ActivityLog;
  rows: ActivityRow[];
} {
  return {
    rows,
    activityLog: {
      async record(_tx, scope, change) {
        const row = activityRowOf(scope, change);
        if (row) rows.push(row);
      },
    },
  };
}

/** A signed-in person of the service tests. */
export const PERSON: Actor = { userId: 70, name: 'Олена Економістка', email: 'olena@medcalc.test' };

/** `PERSON` (or `actor`) acting in `companyId`, as `companyScopeOf` gives a route. */
export const scopeIn = (companyId: number, actor: Actor = PERSON): CompanyScope => ({
  companyId,
  actor,
});

/** The actor columns of a row `actor` wrote. */
export const writtenBy = (actor: Actor = PERSON) => ({
  actorId: actor.userId,
  actorName: actor.name,
  actorEmail: actor.email,
});
