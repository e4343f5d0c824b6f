import { and, asc, desc, eq, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import {
  orderStatusSchema,
  type CompanyInfo,
  type InputChange,
  type OrderStatus,
  type PriceRounding,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import {
  orderNumberCounters,
  orderPapers,
  orderRevisions,
  orderStatusHistory,
  orders,
  type PaperSignatures,
  type RevisionServiceRecord,
} from '../../db/schema';
import { containsFolded } from '../../lib/paginate';
import type { UserDirectory } from '../auth/user-directory';
import type { CompanyName, CompanyNames } from '../companies/company-names';

export interface OrderRecord {
  id: number;
  identifier: string;
  /** The order's number people quote (issue 33): its year and its running number in the company that year. */
  numberYear: number;
  number: number;
  companyId: number;
  name: string;
  status: OrderStatus;
  companyInfo: CompanyInfo;
  /** Set once the company deleted the order after it was paid (soft delete, issue 13); null otherwise. */
  deletedAt: Date | null;
  /** The current revision (issue 18): 1 when placed, one more at each re-pricing. */
  revision: number;
  /** The version of the order's content (issue 21): one more at each write of its draft. */
  version: number;
  /** How the current revision's final prices are rounded (issue 18). */
  priceRounding: PriceRounding;
  createdAt: Date;
  updatedAt: Date;
}

export type { PaperSignatures, RevisionServiceRecord };

/** An earlier revision of an order as kept (issue 18, `order_revisions`). */
export interface RevisionRecord {
  number: number;
  status: OrderStatus;
  /** The order's and the company's names while the revision was current (issue 33). */
  orderName: string;
  companyName: string;
  companyInfo: CompanyInfo;
  priceRounding: PriceRounding;
  services: RevisionServiceRecord[];
  notes: InputChange[];
  /** When the revision was closed (the next one started). */
  createdAt: Date;
}

/** The frozen paper of an approved revision (issue 33, `order_papers`): everything its documents print. */
export interface PaperRecord {
  revision: number;
  /** The order's content version it was made from. */
  version: number;
  orderName: string;
  companyName: string;
  companyInfo: CompanyInfo;
  priceRounding: PriceRounding;
  services: RevisionServiceRecord[];
  signatures: PaperSignatures;
  /** When it was frozen. */
  createdAt: Date;
}

/** One row of a company's orders list. */
export interface OrderSummaryRecord {
  identifier: string;
  numberYear: number;
  number: number;
  name: string;
  status: OrderStatus;
  createdAt: Date;
  /** How many services (calculations) the order has. */
  services: number;
  /** The current revision (issue 18). */
  revision: number;
}

export interface AdminOrderRecord {
  id: number;
  identifier: string;
  numberYear: number;
  number: number;
  name: string;
  status: OrderStatus;
  companyName: string;
  companyIdentifier: string;
  /** How many services (calculations) the order has. */
  services: number;
  /** E-mail and phone of the company's first registered user ('' when the company has none left). */
  contactEmail: string;
  contactPhone: string;
  /** When the company deleted the paid order (it stays for the administrator, issue 13); null otherwise. */
  deletedAt: Date | null;
  /** The current revision and its rounding of the final prices (issue 18). */
  revision: number;
  priceRounding: PriceRounding;
  createdAt: Date;
  updatedAt: Date;
}

/** Filters of the administrator's orders list; each is optional and they combine with AND. */
export interface AdminOrdersFilter {
  /** Part of the order's name or identifier, case-insensitive (Cyrillic included). */
  search?: string | undefined;
  companyIdentifier?: string | undefined;
  status?: OrderStatus | undefined;
  /** Exactly this order (the administrator's read-only view of one order). */
  identifier?: string | undefined;
}

/** One row of an order's status history with the name of who made the change (null once the user is gone). */
export interface StatusHistoryRecord {
  /** The revision of the order the change belongs to (issue 18). */
  revision: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  userName: string | null;
  createdAt: Date;
}

/** Someone of a company to tell about their order (the status e-mails). */
export interface CompanyContactRecord {
  name: string;
  email: string;
}

/** A status change as it is recorded: who, from, to, in which revision (issue 18), when. */
export interface NewStatusHistoryRow {
  orderId: number;
  userId: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  revision: number;
  at: Date;
}

/** The status column is checked by the database; parsing keeps the type honest if that ever drifts. */
const withStatus = <T extends { status: string }>(
  row: T,
): Omit<T, 'status'> & { status: OrderStatus } => ({
  ...row,
  status: orderStatusSchema.parse(row.status),
});

/** The order as a revision or its paper keeps it (schema `frozenOrder`). */
const frozenOrderOf = (table: typeof orderRevisions | typeof orderPapers) => ({
  orderName: table.orderName,
  companyName: table.companyName,
  companyInfo: table.companyInfo,
  priceRounding: table.priceRounding,
  services: table.services,
});

/** The frozen paper of an order's revision (issue 33), or undefined. */
async function paperOf(
  tx: Executor,
  orderId: number,
  revision: number,
): Promise<PaperRecord | undefined> {
  const [row] = await tx
    .select({
      revision: orderPapers.revision,
      version: orderPapers.version,
      ...frozenOrderOf(orderPapers),
      signatures: orderPapers.signatures,
      createdAt: orderPapers.createdAt,
    })
    .from(orderPapers)
    .where(and(eq(orderPapers.orderId, orderId), eq(orderPapers.revision, revision)))
    .limit(1);
  return row;
}

/** A row written once, at `at`: both its timestamps are that moment. */
const stamped = <T extends { at: Date }>({ at, ...rest }: T) => ({
  ...rest,
  createdAt: at,
  updatedAt: at,
});

/**
 * What an update of an order's row may set; `updatedAt` always. An absent (undefined) column is left as it is
 * (Drizzle leaves undefined values out of the `SET`).
 */
export interface OrderUpdate {
  status?: OrderStatus;
  name?: string;
  companyInfo?: CompanyInfo;
  priceRounding?: PriceRounding | undefined;
  revision?: number;
  version?: number;
  deletedAt?: Date;
  updatedAt: Date;
}

const orderColumns = {
  id: orders.id,
  identifier: orders.identifier,
  numberYear: orders.numberYear,
  number: orders.number,
  companyId: orders.companyId,
  name: orders.name,
  status: orders.status,
  companyInfo: orders.companyInfo,
  deletedAt: orders.deletedAt,
  revision: orders.revision,
  version: orders.version,
  priceRounding: orders.priceRounding,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

/** A row of the company's orders list as the database writes it into the list's JSON (timestamps as text). */
interface OrderSummaryJson {
  identifier: string;
  numberYear: number;
  number: number;
  name: string;
  status: string;
  createdAt: string;
  services: number;
  revision: number;
}

/**
 * The company's orders list, newest first, as one JSON array built by the database: one value per answer to read
 * from the driver instead of five per order, which on PGlite is about a third of the list's cost
 * (docs/performance.md "Orders list"). Only the list's columns: an order's `company_info` snapshot (about 1 KB)
 * is never read here.
 */
const ordersListJson = sql<OrderSummaryJson[]>`coalesce(json_agg(json_build_object(${sql.join(
  [
    sql`'identifier', ${orders.identifier}`,
    sql`'numberYear', ${orders.numberYear}`,
    sql`'number', ${orders.number}`,
    sql`'name', ${orders.name}`,
    sql`'status', ${orders.status}`,
    sql`'createdAt', ${orders.createdAt}`,
    sql`'services', ${orders.servicesCount}`,
    sql`'revision', ${orders.revision}`,
  ],
  sql`, `,
)}) order by ${orders.createdAt} desc, ${orders.id} desc), '[]'::json)`;

/** The company's orders list query (exported for the bench's bare route, which runs the same SQL). */
export const selectOrdersOfCompany = (tx: Executor, companyId: number | Placeholder) =>
  tx
    .select({ list: ordersListJson })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), isNull(orders.deletedAt)));

const fromSummaryJson = (row: OrderSummaryJson): OrderSummaryRecord => ({
  identifier: row.identifier,
  numberYear: row.numberYear,
  number: row.number,
  name: row.name,
  status: orderStatusSchema.parse(row.status),
  createdAt: new Date(row.createdAt),
  services: row.services,
  revision: row.revision,
});

/**
 * A row of the administrator's list: the order's own columns with its company's name and identifier and its
 * contact's e-mail and phone ('' when the company has none left).
 */
function adminOrderOf(
  {
    companyId: _company,
    ...row
  }: Omit<AdminOrderRecord, AdminOrderLookups | 'status'> & {
    companyId: number;
    status: string;
  },
  company: CompanyName | undefined,
  contact: { email: string; phone: string } | undefined,
): AdminOrderRecord {
  return withStatus({
    id: row.id,
    identifier: row.identifier,
    numberYear: row.numberYear,
    number: row.number,
    name: row.name,
    status: row.status,
    companyName: company?.name ?? '',
    companyIdentifier: company?.identifier ?? '',
    services: row.services,
    contactEmail: contact?.email ?? '',
    contactPhone: contact?.phone ?? '',
    deletedAt: row.deletedAt,
    revision: row.revision,
    priceRounding: row.priceRounding,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
}

type AdminOrderLookups = 'companyName' | 'companyIdentifier' | 'contactEmail' | 'contactPhone';

/** The owners' ports the orders repository names companies and people through (passed in by app.ts). */
export interface OrdersRepositoryPorts {
  companies: Pick<CompanyNames, 'namesOf' | 'idOf'>;
  users: Pick<UserDirectory, 'namesOf' | 'firstContactsOf' | 'mailContactsOf'>;
}

/**
 * Storage of orders, their status history and their revisions. Their calculations are the calculations
 * repository's (the `OrderCalculationsStore` port, injected in app.ts); companies and people are named through
 * their owners' ports (`OrdersRepositoryPorts`). Drizzle only; no rules here.
 */
export function createOrdersRepository(db: Executor, ports: OrdersRepositoryPorts) {
  /**
   * `GET /api/orders` as a prepared statement: Drizzle builds its SQL once, and node-postgres prepares it once per
   * pooled connection under this name (PGlite ignores the name).
   */
  const ordersOfCompany = selectOrdersOfCompany(db, sql.placeholder('companyId')).prepare(
    'medcalc_orders_of_company',
  );
  return {
    async insertOrder(
      values: {
        identifier: string;
        companyId: number;
        userId: number;
        name: string;
        status: OrderStatus;
        companyInfo: CompanyInfo;
        priceRounding?: PriceRounding | undefined;
        /** The year the order's number belongs to (the Kyiv year it is placed in). */
        numberYear: number;
        createdAt: Date;
        updatedAt: Date;
      },
      tx: Executor = db,
    ): Promise<OrderRecord> {
      // The company's counter of the year, created at 1 or moved on by one; its row lock lasts to the commit, so
      // two orders placed at once take two numbers (issue 33).
      const [counter] = await tx
        .insert(orderNumberCounters)
        .values({ companyId: values.companyId, year: values.numberYear, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [orderNumberCounters.companyId, orderNumberCounters.year],
          set: {
            lastNumber: sql`${orderNumberCounters.lastNumber} + 1`,
            updatedAt: values.createdAt,
          },
        })
        .returning({ lastNumber: orderNumberCounters.lastNumber });
      if (!counter) throw new Error('the order number counter answered no row');
      const [row] = await tx
        .insert(orders)
        .values({ ...values, number: counter.lastNumber })
        .returning(orderColumns);
      if (!row) throw new Error('insert into orders returned no row');
      return withStatus(row);
    },

    async insertStatusHistory(values: NewStatusHistoryRow, tx: Executor = db): Promise<void> {
      await tx.insert(orderStatusHistory).values(stamped(values));
    },

    /**
     * One order by its public identifier. `forUpdate` locks the row until the transaction ends, so two status
     * changes of one order cannot both read the same "from" status.
     */
    async findByIdentifier(
      identifier: string,
      tx: Executor = db,
      options: { forUpdate?: boolean } = {},
    ): Promise<OrderRecord | undefined> {
      const query = tx
        .select(orderColumns)
        .from(orders)
        .where(eq(orders.identifier, identifier))
        .limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ? withStatus(row) : undefined;
    },

    /**
     * The company's orders, newest first: only the list's columns (an order's `company_info` snapshot is about
     * 1 KB, which the list never shows). Outside a transaction it runs the prepared `ordersOfCompany`.
     */
    async listByCompany(companyId: number, tx: Executor = db): Promise<OrderSummaryRecord[]> {
      const [row] =
        tx === db
          ? await ordersOfCompany.execute({ companyId })
          : await selectOrdersOfCompany(tx, companyId);
      return (row?.list ?? []).map(fromSummaryJson);
    },

    /**
     * Every company's orders with the company, the number of services and the company's contact, newest first
     * (administrator), narrowed by `filter`.
     */
    async listAll(filter: AdminOrdersFilter = {}, tx: Executor = db): Promise<AdminOrderRecord[]> {
      const companyId =
        filter.companyIdentifier === undefined || filter.companyIdentifier === ''
          ? undefined
          : await ports.companies.idOf(filter.companyIdentifier, tx);
      if (filter.companyIdentifier && companyId === undefined) return [];
      const search = filter.search?.trim();
      const rows = await tx
        .select({
          id: orders.id,
          identifier: orders.identifier,
          numberYear: orders.numberYear,
          number: orders.number,
          name: orders.name,
          status: orders.status,
          companyId: orders.companyId,
          services: orders.servicesCount,
          deletedAt: orders.deletedAt,
          revision: orders.revision,
          priceRounding: orders.priceRounding,
          createdAt: orders.createdAt,
          updatedAt: orders.updatedAt,
        })
        .from(orders)
        .where(
          and(
            search
              ? or(containsFolded(orders.name, search), containsFolded(orders.identifier, search))
              : undefined,
            companyId === undefined ? undefined : eq(orders.companyId, companyId),
            filter.status ? eq(orders.status, filter.status) : undefined,
            filter.identifier ? eq(orders.identifier, filter.identifier) : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id));
      // The companies and their contacts, one query each for every company of the list: the company's first
      // registered user is its contact (registration creates exactly one); the same users (role 'user') get the
      // status e-mails (`listCompanyContacts`).
      const companyIds = rows.map((row) => row.companyId);
      const [names, contacts] = await Promise.all([
        ports.companies.namesOf(companyIds, tx),
        ports.users.firstContactsOf(companyIds, tx),
      ]);
      return rows.map((row) =>
        adminOrderOf(row, names.get(row.companyId), contacts.get(row.companyId)),
      );
    },

    /**
     * The numbers of the company's orders among `identifiers`, deleted ones too (the activity log's port,
     * `OrderNumbers`); an identifier that names no order of the company is left out.
     */
    async numbersOf(
      companyId: number,
      identifiers: readonly string[],
    ): Promise<Array<{ identifier: string; numberYear: number; number: number }>> {
      if (identifiers.length === 0) return [];
      return db
        .select({
          identifier: orders.identifier,
          numberYear: orders.numberYear,
          number: orders.number,
        })
        .from(orders)
        .where(and(eq(orders.companyId, companyId), inArray(orders.identifier, [...identifiers])));
    },

    /** The order's status changes, oldest first, with the name of who made each. */
    async listStatusHistory(orderId: number, tx: Executor = db): Promise<StatusHistoryRecord[]> {
      const rows = await tx
        .select({
          revision: orderStatusHistory.revision,
          fromStatus: orderStatusHistory.fromStatus,
          toStatus: orderStatusHistory.toStatus,
          userId: orderStatusHistory.userId,
          createdAt: orderStatusHistory.createdAt,
        })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
      const people = await ports.users.namesOf(
        rows.map((row) => row.userId),
        tx,
      );
      return rows.map(({ userId, ...row }) => ({
        revision: row.revision,
        fromStatus: row.fromStatus === null ? null : orderStatusSchema.parse(row.fromStatus),
        toStatus: orderStatusSchema.parse(row.toStatus),
        userName: userId === null ? null : (people.get(userId)?.name ?? null),
        createdAt: row.createdAt,
      }));
    },

    /** The company's users (not administrators), oldest first: who hears about the company's orders. */
    listCompanyContacts: (companyId: number, tx: Executor = db): Promise<CompanyContactRecord[]> =>
      ports.users.mailContactsOf(companyId, tx),

    /**
     * The order's row: its status, the wizard's draft (name, snapshot, rounding when sent), the start of its next
     * revision, or its soft delete (issue 13: a paid order keeps its calculations and history for the
     * administrator), whatever `values` sets.
     */
    async updateOrder(orderId: number, values: OrderUpdate, tx: Executor = db): Promise<void> {
      await tx.update(orders).set(values).where(eq(orders.id, orderId));
    },

    /** Keeps a revision that is being closed (issue 18); (order, number) is unique, so it is kept once. */
    async insertRevision(
      values: Omit<RevisionRecord, 'createdAt'> & { orderId: number; at: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(orderRevisions).values(stamped(values));
    },

    /** The order's earlier revisions, oldest first: number, status when closed, and when (no content). */
    async listRevisionHeads(
      orderId: number,
      tx: Executor = db,
    ): Promise<Array<Pick<RevisionRecord, 'number' | 'status' | 'createdAt'>>> {
      const rows = await tx
        .select({
          number: orderRevisions.number,
          status: orderRevisions.status,
          createdAt: orderRevisions.createdAt,
        })
        .from(orderRevisions)
        .where(eq(orderRevisions.orderId, orderId))
        .orderBy(asc(orderRevisions.number));
      return rows.map(withStatus);
    },

    /** One earlier revision of the order with everything it kept, or undefined. */
    async findRevision(
      orderId: number,
      number: number,
      tx: Executor = db,
    ): Promise<RevisionRecord | undefined> {
      const [row] = await tx
        .select({
          number: orderRevisions.number,
          status: orderRevisions.status,
          ...frozenOrderOf(orderRevisions),
          notes: orderRevisions.notes,
          createdAt: orderRevisions.createdAt,
        })
        .from(orderRevisions)
        .where(and(eq(orderRevisions.orderId, orderId), eq(orderRevisions.number, number)))
        .limit(1);
      return row ? withStatus(row) : undefined;
    },

    /** The company's registered name (what papers print when the snapshot names no institution). */
    async companyNameOf(companyId: number, tx: Executor = db): Promise<string> {
      return (await ports.companies.namesOf([companyId], tx)).get(companyId)?.name ?? '';
    },

    /** The frozen paper of the order's revision `revision` (issue 33), or undefined. */
    async findPaper(
      orderId: number,
      revision: number,
      tx: Executor = db,
    ): Promise<PaperRecord | undefined> {
      return paperOf(tx, orderId, revision);
    },

    /**
     * Freezes a revision's paper (issue 33). (order, revision) is unique: a paper made from the same content
     * version stays as it is (two first prints at once keep one, and the first), one made from an older version is
     * replaced (the revision was approved again after it changed). Answers the paper that is now stored.
     */
    async keepPaper(
      values: Omit<PaperRecord, 'createdAt'> & { orderId: number; at: Date },
      tx: Executor = db,
    ): Promise<PaperRecord> {
      const row = stamped(values);
      await tx
        .insert(orderPapers)
        .values(row)
        .onConflictDoUpdate({
          target: [orderPapers.orderId, orderPapers.revision],
          set: {
            version: row.version,
            orderName: row.orderName,
            companyName: row.companyName,
            companyInfo: row.companyInfo,
            priceRounding: row.priceRounding,
            services: row.services,
            signatures: row.signatures,
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
          },
          setWhere: sql`${orderPapers.version} <> ${row.version}`,
        });
      const stored = await paperOf(tx, values.orderId, values.revision);
      if (!stored) throw new Error(`paper of order ${values.orderId} not stored`);
      return stored;
    },

    /** Deletes the order; its calculations and status history go with it (foreign keys cascade). */
    async deleteById(orderId: number, tx: Executor = db): Promise<void> {
      await tx.delete(orders).where(eq(orders.id, orderId));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
