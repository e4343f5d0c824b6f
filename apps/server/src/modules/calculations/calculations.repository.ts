import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  orderStatusSchema,
  type CalculationContent,
  type OrderStatus,
  type ServiceCost,
  type ServicePrice,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { calculations, serviceNumberCounters, type RevisionServiceRecord } from '../../db/schema';
import { byId } from '../../lib/by-id';
import { containsFolded } from '../../lib/paginate';
import type { UsedRow } from '../../lib/row-usage';
import type { CompanyOrderRows, OrderRows } from '../orders/order-rows';

/**
 * The templates module's port onto the `categories` table (its repository, passed in by app.ts): the names of
 * the categories among `ids`.
 */
export interface CategoryNames {
  findCategoriesByIds(
    ids: readonly number[],
    tx?: Executor,
  ): Promise<Array<{ id: number; name: string }>>;
}

/**
 * A calculation of an order with its public identifier and its stored results (null until the order is
 * calculated; UAH as `numeric(14,2)` text, `'243.34'`): the shape a revision keeps of each of its services too.
 */
export type StoredCalculationResult = RevisionServiceRecord;

/** One calculation (service) of an order as the wizard edits it. */
export type StoredCalculation = Pick<
  StoredCalculationResult,
  'id' | 'categoryId' | 'categoryName' | 'name' | 'position' | 'content'
>;

/**
 * One calculation (service) of the company with its order and category: a row of the /calculations page and of the
 * admin panel's calculations tab.
 */
export interface CalculatedServiceRecord {
  id: number;
  identifier: string;
  /** The service's number in its company, printed as its code (issue 23). */
  serviceNumber: number;
  name: string;
  categoryId: number | null;
  categoryName: string | null;
  orderIdentifier: string;
  orderName: string;
  orderStatus: OrderStatus;
  /** UAH as `numeric(14,2)` text (`'243.34'`); null until the order is calculated. */
  summary: string | null;
  summaryWithProfit: string | null;
  /**
   * The price rows of the stored калькуляція (VAT, rounding, final tariff; issue 18), only that part of `cost`;
   * null until calculated, and for a service calculated before prices were stored.
   */
  price: ServicePrice | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A calculation found by its public identifier: its company, name, category and content. */
export interface IdentifiedCalculation {
  id: number;
  companyId: number;
  name: string;
  categoryId: number | null;
  content: CalculationContent;
}

/**
 * A calculation as it is inserted (the orders module's copies when an order is placed or duplicated; its
 * `NewCalculationRow` is one of these). The service number is given on insert, per company (issue 23).
 */
export type CalculationInsert = Omit<typeof calculations.$inferInsert, 'serviceNumber'>;

/** The results of one service's калькуляція: cost and tariff as two-decimal text, and every row. */
export interface CalculationResult {
  summary: string;
  summaryWithProfit: string;
  cost: ServiceCost;
}

/**
 * The company's calculations with their order and category, newest updated first, narrowed by `where` (which must
 * hold the calculation's company, as `order` holds the order's, so another company's row is never returned).
 */
const selectWithOrder = (tx: Executor, order: CompanyOrderRows, where: SQL | undefined) =>
  tx
    .select({
      id: calculations.id,
      identifier: calculations.identifier,
      serviceNumber: calculations.serviceNumber,
      name: calculations.name,
      categoryId: calculations.categoryId,
      orderIdentifier: order.identifier,
      orderName: order.name,
      orderStatus: order.status,
      summary: calculations.summary,
      summaryWithProfit: calculations.summaryWithProfit,
      // Only the price rows of the stored калькуляція (issue 33: the list shows the final tariff), not its lines.
      price: sql<ServicePrice | null>`${calculations.cost} -> 'price'`,
      createdAt: calculations.createdAt,
      updatedAt: calculations.updatedAt,
    })
    .from(calculations)
    .innerJoin(order, eq(order.id, calculations.orderId))
    .where(where)
    .orderBy(desc(calculations.updatedAt), desc(calculations.id));

/** The status column is checked by the database; parsing keeps the type honest if that ever drifts. */
const withOrderStatus = <T extends { orderStatus: string }>(
  row: T,
): Omit<T, 'orderStatus'> & { orderStatus: OrderStatus } => ({
  ...row,
  orderStatus: orderStatusSchema.parse(row.orderStatus),
});

/**
 * Stores values into the order's calculations matched by id (ids distinct) in one `UPDATE … FROM (VALUES …)`
 * rather than one statement per service, so an order of hundreds of services is one round trip. Each of `rows` is
 * one typed tuple, id first, in the order of `columns`; `set` reads them as `v.<column>`. Answers how many rows of
 * the order were written (fewer than given when the order has no such calculation).
 */
async function updateMatchedRows(
  tx: Executor,
  orderId: number,
  update: { columns: string; rows: readonly SQL[]; set: PgUpdateSetSource<typeof calculations> },
): Promise<number> {
  if (update.rows.length === 0) return 0;
  const written = await tx
    .update(calculations)
    .set(update.set)
    .from(sql`(values ${sql.join([...update.rows], sql`, `)}) as v(${sql.raw(update.columns)})`)
    .where(and(eq(calculations.orderId, orderId), sql`${calculations.id} = v.id`))
    .returning({ id: calculations.id });
  return written.length;
}

/**
 * The one repository of the `calculations` table: an order's calculations as the orders module inserts and reads
 * them (its `OrderCalculationsStore` port, which app.ts fills with this repository), their drafts (name, content),
 * the results of the final calculation, and the company's calculated services. Orders and their status history
 * belong to the orders module (reached through its service; a list joins its order through the orders module's
 * `OrderRows.rowsOfCompany`). Drizzle only; no rules here.
 */
/** The names of the rows' categories by id, in one query to the templates module's port (none asked, none read). */
const categoryNamesOf = (
  categories: CategoryNames,
  rows: ReadonlyArray<{ categoryId: number | null }>,
  tx: Executor,
) =>
  byId(
    rows.map((row) => row.categoryId),
    (ids) => categories.findCategoriesByIds(ids, tx),
  );

/**
 * `row` with its category's name (null once the category is deleted) right after its category id: the key order
 * the joined select gave, so what is stored or hashed from it stays the same.
 */
function withCategoryName<T extends { categoryId: number | null }>(
  row: T,
  names: ReadonlyMap<number, { name: string }>,
): T & { categoryName: string | null } {
  const entries = Object.entries(row);
  const at = entries.findIndex(([key]) => key === 'categoryId') + 1;
  const name = row.categoryId === null ? null : (names.get(row.categoryId)?.name ?? null);
  return Object.fromEntries([
    ...entries.slice(0, at),
    ['categoryName', name],
    ...entries.slice(at),
  ]) as T & { categoryName: string | null };
}

/** Rows of `selectWithOrder` as the lists show them, with their categories' names. */
async function calculatedServices(
  categories: CategoryNames,
  rows: Array<
    Omit<CalculatedServiceRecord, 'categoryName' | 'orderStatus'> & { orderStatus: string }
  >,
  tx: Executor,
): Promise<CalculatedServiceRecord[]> {
  const names = await categoryNamesOf(categories, rows, tx);
  return rows.map((row) => withOrderStatus(withCategoryName(row, names)));
}

export function createCalculationsRepository(
  db: Executor,
  ports: { categories: CategoryNames; orders: Pick<OrderRows, 'rowsOfCompany'> },
) {
  return {
    /**
     * Inserts an order's new calculations (nothing for none) in one statement: the copies the orders module makes
     * when an order is placed or duplicated, in its transaction.
     */
    async insertMany(rows: readonly CalculationInsert[], tx: Executor = db): Promise<void> {
      if (rows.length === 0) return;
      const byCompany = new Map<number, CalculationInsert[]>();
      for (const row of rows) {
        const ofCompany = byCompany.get(row.companyId);
        if (ofCompany) ofCompany.push(row);
        else byCompany.set(row.companyId, [row]);
      }
      const numbered: Array<typeof calculations.$inferInsert> = [];
      for (const [companyId, ofCompany] of byCompany) {
        // The company's counter moves on by the rows' count in one upsert; its row lock lasts to the commit, so
        // a concurrent insert for the same company waits and continues after these numbers (issue 23).
        const [counter] = await tx
          .insert(serviceNumberCounters)
          .values({ companyId, lastNumber: ofCompany.length })
          .onConflictDoUpdate({
            target: serviceNumberCounters.companyId,
            set: {
              lastNumber: sql`${serviceNumberCounters.lastNumber} + ${ofCompany.length}`,
              updatedAt: new Date(),
            },
          })
          .returning({ lastNumber: serviceNumberCounters.lastNumber });
        if (!counter) throw new Error('the service number counter answered no row');
        const first = counter.lastNumber - ofCompany.length + 1;
        ofCompany.forEach((row, index) => numbered.push({ ...row, serviceNumber: first + index }));
      }
      await tx.insert(calculations).values(numbered);
    },

    /**
     * The order's calculations in position order, each with its category's name (null once the category is
     * deleted) and its stored results (null until the order is calculated): the order's detail, copy and the
     * admin's view (orders module), the wizard's save and calculate, the re-pricing, the documents.
     */
    async listOfOrder(orderId: number, tx: Executor = db): Promise<StoredCalculationResult[]> {
      const rows = await tx
        .select({
          id: calculations.id,
          identifier: calculations.identifier,
          serviceNumber: calculations.serviceNumber,
          categoryId: calculations.categoryId,
          name: calculations.name,
          position: calculations.position,
          content: calculations.content,
          summary: calculations.summary,
          summaryWithProfit: calculations.summaryWithProfit,
          cost: calculations.cost,
        })
        .from(calculations)
        .where(eq(calculations.orderId, orderId))
        .orderBy(asc(calculations.position), asc(calculations.id));
      const names = await categoryNamesOf(ports.categories, rows, tx);
      return rows.map((row) => withCategoryName(row, names));
    },

    /**
     * The company's calculations with a category whose order is in one of `statuses` (and not deleted), by
     * category then id; restricted to `ids` when given. Every filter is in the query, so another company's
     * calculation is never returned. What a new order may copy (orders module).
     */
    async listUsable(
      filter: { companyId: number; statuses: readonly OrderStatus[]; ids?: readonly number[] },
      tx: Executor = db,
    ) {
      if (filter.ids?.length === 0) return [];
      const order = ports.orders.rowsOfCompany(filter); // its company and statuses
      const rows = await tx
        .select({
          id: calculations.id,
          name: calculations.name,
          orderName: order.name,
          categoryId: calculations.categoryId,
          createdAt: calculations.createdAt,
          content: calculations.content,
        })
        .from(calculations)
        .innerJoin(order, eq(order.id, calculations.orderId))
        .where(
          and(
            eq(calculations.companyId, filter.companyId),
            isNotNull(calculations.categoryId),
            filter.ids ? inArray(calculations.id, [...filter.ids]) : undefined,
          ),
        )
        // A calculation's category id is its category's (the foreign key sets it null when one is deleted).
        .orderBy(asc(calculations.categoryId), asc(calculations.id));
      const names = await categoryNamesOf(ports.categories, rows, tx);
      return rows.flatMap(({ categoryId, createdAt, content, ...row }) => {
        const category = categoryId === null ? undefined : names.get(categoryId);
        return category === undefined
          ? []
          : [{ ...row, categoryId: category.id, categoryName: category.name, createdAt, content }];
      });
    },

    /**
     * Stores the drafts of the order's calculations (each matched by id, ids distinct) in one statement, and clears
     * their results (the content they were computed from has been replaced). Answers how many rows of the order
     * were written.
     */
    async updateDrafts(
      orderId: number,
      drafts: ReadonlyArray<{ id: number; name: string; content: CalculationContent }>,
      updatedAt: Date,
      tx: Executor = db,
    ): Promise<number> {
      return updateMatchedRows(tx, orderId, {
        columns: 'id, name, content',
        rows: drafts.map(
          (draft) =>
            sql`(${draft.id}::integer, ${draft.name}::text, ${JSON.stringify(draft.content)}::jsonb)`,
        ),
        set: {
          name: sql`v.name`,
          content: sql`v.content`,
          summary: null,
          summaryWithProfit: null,
          cost: null,
          updatedAt,
        },
      });
    },

    /** Deletes the order's calculations whose ids are not in `keepIds`; returns how many went. */
    async removeOthers(
      orderId: number,
      keepIds: readonly number[],
      tx: Executor = db,
    ): Promise<number> {
      const rows = await tx
        .delete(calculations)
        .where(
          and(
            eq(calculations.orderId, orderId),
            keepIds.length > 0 ? notInArray(calculations.id, [...keepIds]) : undefined,
          ),
        )
        .returning({ id: calculations.id });
      return rows.length;
    },

    /**
     * Stores the results of the order's calculations (each matched by id, ids distinct) in one statement, like
     * {@link updateDrafts}. Answers how many rows of the order were written.
     */
    async storeResults(
      orderId: number,
      results: ReadonlyArray<CalculationResult & { id: number }>,
      updatedAt: Date,
      tx: Executor = db,
    ): Promise<number> {
      return updateMatchedRows(tx, orderId, {
        columns: 'id, summary, summary_with_profit, cost',
        rows: results.map(
          (result) =>
            sql`(${result.id}::integer, ${result.summary}::numeric, ${result.summaryWithProfit}::numeric, ${JSON.stringify(result.cost)}::jsonb)`,
        ),
        set: {
          summary: sql`v.summary`,
          summaryWithProfit: sql`v.summary_with_profit`,
          cost: sql`v.cost`,
          updatedAt,
        },
      });
    },

    /**
     * One page of the company's calculations whose order is in one of `statuses`, newest updated first, filtered
     * by `search` in the service name (case-insensitive, Cyrillic included). Both the calculation and its order
     * must be the company's, so another company's row is never returned.
     */
    async pageOfCompany(
      filter: {
        companyId: number;
        statuses: readonly OrderStatus[];
        search: string;
        limit: number;
        offset: number;
      },
      tx: Executor = db,
    ): Promise<{ rows: CalculatedServiceRecord[]; total: number }> {
      // The company's orders in `statuses`; a paid order it deleted is gone for it (issue 13: soft delete).
      const order = ports.orders.rowsOfCompany(filter);
      const where = and(
        eq(calculations.companyId, filter.companyId),
        filter.search === '' ? undefined : containsFolded(calculations.name, filter.search),
      );
      const [totals] = await tx
        .select({ total: count() })
        .from(calculations)
        .innerJoin(order, eq(order.id, calculations.orderId))
        .where(where);
      const rows = await selectWithOrder(tx, order, where)
        .limit(filter.limit)
        .offset(filter.offset);
      return {
        rows: await calculatedServices(ports.categories, rows, tx),
        total: totals?.total ?? 0,
      };
    },

    /**
     * Every calculation of the company (any order status), newest updated first, with its order and category
     * (the admin panel's calculations tab).
     */
    async listOfCompany(companyId: number, tx: Executor = db): Promise<CalculatedServiceRecord[]> {
      const order = ports.orders.rowsOfCompany({ companyId, withDeleted: true });
      const rows = await selectWithOrder(tx, order, eq(calculations.companyId, companyId));
      return calculatedServices(ports.categories, rows, tx);
    },

    /**
     * The service numbers (issue 23) of those of `ids` that are the company's calculations, by id: the codes the
     * preview (calculate-online) shows. One indexed lookup; ids of other companies are not answered. The ids go as
     * one array parameter (`= any($2)`), not one parameter each: for the 1,000 services of a large preview, building
     * and parsing a statement of 1,000 placeholders cost 6–9 ms of CPU against 1.5–2.5 ms (issue 21).
     */
    async serviceNumbersOf(
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: calculations.id, serviceNumber: calculations.serviceNumber })
        .from(calculations)
        .where(
          and(
            eq(calculations.companyId, companyId),
            sql`${calculations.id} = any(${sql.param([...new Set(ids)])}::integer[])`,
          ),
        );
      return new Map(rows.map((row) => [row.id, row.serviceNumber]));
    },

    /**
     * The company's orders (not deleted) with a calculation whose lines point at the staffing row
     * (`content.stuff[].quality.id`) or the material (`content.pills[].id`), newest updated first, at most
     * `limit`, and how many there are (issue 33: the row's delete question names them). Both the calculation and
     * the order must be the company's.
     */
    async ordersUsing(
      companyId: number,
      row: UsedRow,
      limit: number,
      tx: Executor = db,
    ): Promise<{ total: number; orders: Array<{ identifier: string; name: string }> }> {
      const pointsAt =
        row.kind === 'staff'
          ? sql`${calculations.content} -> 'stuff' @> ${JSON.stringify([{ quality: { id: row.id } }])}::jsonb`
          : row.kind === 'pill'
            ? sql`${calculations.content} -> 'pills' @> ${JSON.stringify([{ id: row.id }])}::jsonb`
            : sql`${calculations.content} -> 'equipment' @> ${JSON.stringify([{ id: row.id }])}::jsonb`;
      const order = ports.orders.rowsOfCompany({ companyId });
      const where = and(eq(calculations.companyId, companyId), pointsAt);
      const [totals] = await tx
        .select({ total: countDistinct(order.id) })
        .from(calculations)
        .innerJoin(order, eq(order.id, calculations.orderId))
        .where(where);
      const found = await tx
        .selectDistinct({
          identifier: order.identifier,
          name: order.name,
          updatedAt: order.updatedAt,
          id: order.id,
        })
        .from(calculations)
        .innerJoin(order, eq(order.id, calculations.orderId))
        .where(where)
        .orderBy(desc(order.updatedAt), desc(order.id))
        .limit(limit);
      return {
        total: totals?.total ?? 0,
        orders: found.map(({ identifier, name }) => ({ identifier, name })),
      };
    },

    /** One calculation by its public identifier, whatever its company (administrator's calls). */
    async findByIdentifier(
      identifier: string,
      tx: Executor = db,
    ): Promise<IdentifiedCalculation | undefined> {
      const [row] = await tx
        .select({
          id: calculations.id,
          companyId: calculations.companyId,
          name: calculations.name,
          categoryId: calculations.categoryId,
          content: calculations.content,
        })
        .from(calculations)
        .where(eq(calculations.identifier, identifier))
        .limit(1);
      return row;
    },
  };
}

export type CalculationsRepository = ReturnType<typeof createCalculationsRepository>;
