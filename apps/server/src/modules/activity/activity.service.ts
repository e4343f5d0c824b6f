import {
  ACTIVITY_PAGE_SIZE,
  lastPageOf,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityPage,
  type ActivityQuery,
} from '@medcalc/domain';
import { activityWorkbook } from './activity-workbook';
import { kyivParts } from '../../lib/kyiv-time';
import type { ActivityRepository, ActivityRow, ActivityWhere } from './activity.repository';

/** The export's bound on rows (a year of a busy institution is far below it). */
export const ACTIVITY_EXPORT_LIMIT = 50_000;

/** The instant a Kyiv calendar day ('YYYY-MM-DD') begins (the filter's dates are the institution's days). */
export function kyivDayStart(day: string): Date {
  const asUtc = new Date(`${day}T00:00:00Z`);
  const parts = kyivParts(asUtc);
  const kyivWallAsUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return new Date(asUtc.getTime() - (kyivWallAsUtc - asUtc.getTime()));
}

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The stored filter of the query: `to` is inclusive, so the window ends where the day after it begins. */
function whereOf(filter: ActivityFilter): ActivityWhere {
  return {
    person: filter.person,
    kind: filter.kind,
    from: filter.from === undefined ? undefined : kyivDayStart(filter.from),
    until: filter.to === undefined ? undefined : kyivDayStart(nextDay(filter.to)),
  };
}

const toEntry = (row: ActivityRow): ActivityEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actor: { identifier: row.actorIdentifier, name: row.actorName, email: row.actorEmail },
  kind: row.kind,
  subject: row.subject,
  orderName: row.orderName,
  changes: row.changes,
});

/** The activity log's reads (issue 22): a page with the filter's people, and the XLSX export. */
export function createActivityService(deps: { activityRepository: ActivityRepository }) {
  const repo = deps.activityRepository;
  return {
    async page(companyId: number, query: ActivityQuery): Promise<ActivityPage> {
      const offset = Math.min((query.page - 1) * ACTIVITY_PAGE_SIZE, Number.MAX_SAFE_INTEGER);
      const [{ rows, total }, people] = await Promise.all([
        repo.page(companyId, whereOf(query), { limit: ACTIVITY_PAGE_SIZE, offset }),
        repo.people(companyId),
      ]);
      return {
        data: rows.map(toEntry),
        meta: { currentPage: query.page, lastPage: lastPageOf(total, ACTIVITY_PAGE_SIZE) },
        people,
      };
    },

    /** The filtered log as an .xlsx, one row per changed field (a row without changes is one line). */
    async workbook(companyId: number, filter: ActivityFilter) {
      const rows = await repo.list(companyId, whereOf(filter), ACTIVITY_EXPORT_LIMIT);
      return activityWorkbook(rows.map(toEntry));
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
