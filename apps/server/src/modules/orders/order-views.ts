import {
  compareUkrainian,
  formatOrderNumber,
  serviceCodeOf,
  orderFee,
  type AdminOrderDetail,
  type AdminOrderRow,
  type CompanyCalculationsEntry,
  type OrderCalculationItem,
  type OrderDetail,
  type OrderListItem,
  type OrderRevision,
  type OrderServices,
  type OrderStatus,
} from '@medcalc/domain';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type {
  CompanyCalculationRecord,
  OrderCalculationRecord,
  OrderCalculationResultRecord,
} from './order-calculations-store';
import type {
  AdminOrderRecord,
  OrderRecord,
  OrderSummaryRecord,
  StatusHistoryRecord,
} from './orders.repository';

/** The number people quote for a stored order (issue 33): «З-2026-0007». */
export const orderNumberOf = (order: { numberYear: number; number: number }): string =>
  formatOrderNumber(order.numberYear, order.number);

/** Storage → wire of what every view of an order starts with (domain `orderHeadSchema`). */
const toOrderHead = (order: {
  identifier: string;
  numberYear: number;
  number: number;
  name: string;
  status: OrderStatus;
}) => ({
  identifier: order.identifier,
  number: orderNumberOf(order),
  name: order.name,
  status: order.status,
});

/** Group of an order's calculation whose category was deleted since (calculations.category_id set null). */
export const UNCATEGORISED_NAME = 'Без категорії';

/**
 * Storage → wire of the orders list (spec §2 "Orders list"), with the card's additions (issue 13): the date it was
 * placed, the number of services and the fee due (domain `orderFee`) as a two-decimal string.
 */
export const toOrderListItem = (order: OrderSummaryRecord): OrderListItem => ({
  ...toOrderHead(order),
  createdAt: order.createdAt.toISOString(),
  services: order.services,
  amount: orderFee(order.services).toFixed(2),
  revision: order.revision,
});

/**
 * Storage → wire of the administrator's orders list, dates as ISO 8601; `amount` is the order fee (domain
 * `orderFee`: 240 UAH per service, spec §9) as a two-decimal string.
 */
export const toAdminOrderRow = (row: AdminOrderRecord): AdminOrderRow => ({
  ...toOrderHead(row),
  company: row.companyName,
  companyIdentifier: row.companyIdentifier,
  services: row.services,
  amount: orderFee(row.services).toFixed(2),
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  deletedAt: row.deletedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The administrator's read-only view of one order (issue 11): the list row, every service in position order with
 * its category, code and stored results (null until calculated), and the status history oldest first.
 */
export function toAdminOrderDetail(
  row: AdminOrderRecord,
  services: readonly OrderCalculationResultRecord[],
  history: readonly StatusHistoryRecord[],
): Omit<AdminOrderDetail, 'revisions'> {
  return {
    ...toAdminOrderRow(row),
    calculations: services.map((service) => ({
      id: service.id,
      identifier: service.identifier,
      categoryId: service.categoryId,
      categoryName: service.categoryName,
      name: service.name,
      calculation: service.content,
      code: serviceCodeOf(service),
      summary: service.summary,
      summaryWithProfit: service.summaryWithProfit,
    })),
    history: history.map(historyEntryOf),
  };
}

/** A status change as the order's and the revisions' histories answer it. */
const historyEntryOf = (change: StatusHistoryRecord) => ({
  fromStatus: change.fromStatus,
  toStatus: change.toStatus,
  userName: change.userName,
  created_at: change.createdAt.toISOString(),
});

/**
 * `rows` grouped by category name (an uncategorised one under {@link UNCATEGORISED_NAME}) in their order, each as
 * `item` makes it. A Map keeps first-appearance (position) order and treats any category name, even '__proto__',
 * as data.
 */
function byCategoryName<Row extends { categoryName: string | null }, Item>(
  rows: readonly Row[],
  item: (row: Row) => Item,
): Record<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const row of rows) {
    const key = row.categoryName ?? UNCATEGORISED_NAME;
    const group = groups.get(key) ?? [];
    group.push(item(row));
    groups.set(key, group);
  }
  return Object.fromEntries(groups);
}

/**
 * The wizard's view of an order (spec §3 "Order" detail): calculations grouped by category name in position order
 * (`rows` come in that order), the institution-data snapshot read through today's schema.
 */
export function toOrderDetail(
  order: OrderRecord,
  rows: readonly OrderCalculationRecord[],
): OrderDetail {
  const calculations = byCategoryName(rows, (row): OrderCalculationItem => ({
    id: row.id,
    identifier: row.identifier,
    code: serviceCodeOf(row),
    categoryId: row.categoryId,
    name: row.name,
    calculation: row.content,
  }));
  return {
    ...toOrderHead(order),
    companyInfo: parseStoredCompanyInfo(order.companyInfo),
    calculations,
    priceRounding: order.priceRounding,
    revision: order.revision,
    version: order.version,
  };
}

/**
 * The order's revisions, oldest first (issue 18): the earlier ones with the status they had when they were closed,
 * the current one with the order's; each with its own history rows, started at its first one (the order's
 * creation for revision 1), calculated at its last move to `formed`, approved at its last move to `confirmed`
 * when that is still its status.
 */
export function toOrderRevisions(
  order: Pick<OrderRecord, 'revision' | 'status' | 'createdAt'>,
  heads: ReadonlyArray<{ number: number; status: OrderStatus }>,
  history: readonly StatusHistoryRecord[],
): OrderRevision[] {
  const statusOf = new Map(heads.map((head) => [head.number, head.status]));
  const revisions: OrderRevision[] = [];
  for (let number = 1; number <= order.revision; number++) {
    const own = history.filter((change) => change.revision === number);
    const status =
      number === order.revision ? order.status : (statusOf.get(number) ?? order.status);
    const lastTo = (to: OrderStatus) =>
      own.findLast((change) => change.toStatus === to)?.createdAt.toISOString() ?? null;
    revisions.push({
      number,
      current: number === order.revision,
      status,
      startedAt: (own[0]?.createdAt ?? order.createdAt).toISOString(),
      calculatedAt: lastTo('formed'),
      approvedAt: status === 'confirmed' ? lastTo('confirmed') : null,
      history: own.map(historyEntryOf),
    });
  }
  return revisions;
}

/**
 * The read-only list of an order's services (issue 13), at any status: grouped by category name in position order,
 * like the detail, without the calculations' content.
 */
export function toOrderServices(
  order: OrderRecord,
  rows: readonly OrderCalculationRecord[],
): OrderServices {
  return {
    ...toOrderHead(order),
    calculations: byCategoryName(rows, (row) => ({ identifier: row.identifier, name: row.name })),
  };
}

/**
 * The company's calculations offered for reuse (spec §3 "Company calculations entry"): by category (id order),
 * names in Ukrainian alphabetical order within each, each with the name of its order.
 */
export function toCompanyCalculationsEntries(
  rows: readonly CompanyCalculationRecord[],
): CompanyCalculationsEntry[] {
  const entries = new Map<number, CompanyCalculationsEntry>();
  for (const row of rows) {
    const entry = entries.get(row.categoryId) ?? {
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      calculations: [],
    };
    entry.calculations.push({ calculationId: row.id, name: row.name, orderName: row.orderName });
    entries.set(row.categoryId, entry);
  }
  return [...entries.values()]
    .sort((a, b) => a.categoryId - b.categoryId)
    .map((entry) => ({
      ...entry,
      calculations: entry.calculations.sort(
        (a, b) => compareUkrainian(a.name, b.name) || a.calculationId - b.calculationId,
      ),
    }));
}
