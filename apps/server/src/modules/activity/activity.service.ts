import {
  ACTIVITY_PAGE_SIZE,
  formatOrderNumber,
  lastPageOf,
  ORDER_ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityPage,
  type ActivityQuery,
} from '@medcalc/domain';
import { activityWorkbook } from './activity-workbook';
import { kyivWallClockAsUtc } from '../../lib/kyiv-time';
import type { ActivityRepository, ActivityRow, ActivityWhere } from './activity.repository';

/** The export's bound on rows (a year of a busy institution is far below it). */
export const ACTIVITY_EXPORT_LIMIT = 50_000;

/** The instant a Kyiv calendar day ('YYYY-MM-DD') begins (the filter's dates are the institution's days). */
export function kyivDayStart(day: string): Date {
  const asUtc = new Date(`${day}T00:00:00Z`);
  const kyivWallAsUtc = kyivWallClockAsUtc(asUtc).getTime();
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

const toEntry = (row: ActivityRow, orderNumber: string | null): ActivityEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actor: { identifier: row.actorIdentifier, name: row.actorName, email: row.actorEmail },
  kind: row.kind,
  subject: row.subject,
  orderName: row.orderName,
  orderNumber,
  changes: row.changes,
});

/**
 * The activity log's port to the `orders` table (satisfied by the orders repository, passed in by app.ts): the
 * numbers of the company's orders among the identifiers.
 */
export type OrderNumbers = {
  numbersOf(
    companyId: number,
    identifiers: readonly string[],
  ): Promise<Array<{ identifier: string; numberYear: number; number: number }>>;
};

/** The activity log's reads (issue 22): a page with the filter's people, and the XLSX export. */
export function createActivityService(deps: {
  activityRepository: ActivityRepository;
  orderNumbers: OrderNumbers;
}) {
  const repo = deps.activityRepository;
  /** The rows as entries, an order's row with its number (issue 33), read in one query for the whole page. */
  const entriesOf = async (companyId: number, rows: readonly ActivityRow[]) => {
    const orderRows = rows.filter((row) => ORDER_ACTIVITY_KINDS.has(row.kind));
    const found = await deps.orderNumbers.numbersOf(companyId, [
      ...new Set(orderRows.map((row) => row.subject)),
    ]);
    const numbers = new Map(
      found.map((order) => [order.identifier, formatOrderNumber(order.numberYear, order.number)]),
    );
    return rows.map((row) =>
      toEntry(row, ORDER_ACTIVITY_KINDS.has(row.kind) ? (numbers.get(row.subject) ?? null) : null),
    );
  };
  return {
    async page(companyId: number, query: ActivityQuery): Promise<ActivityPage> {
      const offset = Math.min((query.page - 1) * ACTIVITY_PAGE_SIZE, Number.MAX_SAFE_INTEGER);
      const [{ rows, total }, people] = await Promise.all([
        repo.page(companyId, whereOf(query), { limit: ACTIVITY_PAGE_SIZE, offset }),
        repo.people(companyId),
      ]);
      return {
        data: await entriesOf(companyId, rows),
        meta: { currentPage: query.page, lastPage: lastPageOf(total, ACTIVITY_PAGE_SIZE) },
        people,
      };
    },

    /** The filtered log as an .xlsx, one row per changed field (a row without changes is one line). */
    async workbook(companyId: number, filter: ActivityFilter) {
      const rows = await repo.list(companyId, whereOf(filter), ACTIVITY_EXPORT_LIMIT);
      return activityWorkbook(await entriesOf(companyId, rows));
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
