import { sql } from 'drizzle-orm';
import {
  check,
  index,
  uniqueIndex,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  ORDER_STATUSES,
  PRICE_ROUNDINGS,
  type CalculationContent,
  type InputChange,
  type PriceRounding,
  type CompanyInfo,
  type ServiceCost,
} from '@medcalc/domain';
import { parentId, timestamps, yearlyCounter } from './columns';
import { companies } from './companies';
import { categories } from './reference';
import { users } from './users';

/**
 * The status CHECK list, built from the domain's `ORDER_STATUSES` so the six values are written once
 * (docs/architecture.md "Where each rule lives"). Inlined, not parameters: a CHECK constraint takes no parameters,
 * and the values are the domain's constants, never input.
 */
const STATUS_CHECK = sql.raw(`(${ORDER_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** The rounding CHECK list, from the domain's `PRICE_ROUNDINGS` likewise. */
const ROUNDING_CHECK = sql.raw(
  `(${PRICE_ROUNDINGS.map((rounding) => `'${rounding}'`).join(', ')})`,
);

/**
 * Template calculations of the provider (spec §3 "Template"): `content` holds the wizard's calculation shape
 * (bonus, profit, stuff[], pills[]) with line snapshots, so copying a template into an order is a plain copy.
 */
export const templates = pgTable(
  'templates',
  {
    id: serial().primaryKey(),
    seedKey: text().unique(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    content: jsonb().$type<CalculationContent>().notNull(),
    ...timestamps,
  },
  (t) => [index('templates_category_idx').on(t.categoryId)],
);

/** An order of calculations (spec §3 "Order"); `company_info` is the snapshot taken when it was placed. */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    identifier: text().notNull().unique(),
    companyId: parentId(() => companies.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    status: text().notNull().default('created'),
    companyInfo: jsonb().$type<CompanyInfo>().notNull(),
    /**
     * Set when the company deletes an order that was already paid (any status but `created`): the order is gone
     * for the company (404, out of its lists) but the provider keeps the record of what was paid (issue 13).
     */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * How many calculations (services) the order has, kept by the database itself: statement triggers on
     * `calculations` add what an insert adds and take off what a delete takes (migration 0005), so the orders
     * list reads a column instead of counting per order (issue 12, docs/performance.md "Orders list").
     */
    servicesCount: integer().notNull().default(0),
    /**
     * The order's current revision (issue 18): 1 when placed, one more at each «Оновити дані в калькуляції». The
     * earlier ones are kept in `order_revisions`; the current one is this row and its `calculations`.
     */
    revision: integer().notNull().default(1),
    /**
     * The version of the order's content (issue 21): one more at each write of its draft (save, calculate, the
     * re-pricing). The wizard sends the version it loaded; a save based on an older one is refused (409), so two
     * tabs or two people never silently overwrite each other.
     */
    version: integer().notNull().default(1),
    /** How the final prices of the current revision are rounded (domain `PRICE_ROUNDINGS`, issue 18). */
    priceRounding: text().$type<PriceRounding>().notNull().default('none'),
    /**
     * The order's number people quote (issue 33, domain `formatOrderNumber`: «З-2026-0007»): the Kyiv year it was
     * placed and its running number inside the company within that year, from `order_number_counters`.
     */
    numberYear: integer().notNull(),
    number: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    index('orders_company_idx').on(t.companyId),
    uniqueIndex('orders_company_year_number_unique').on(t.companyId, t.numberYear, t.number),
    check('orders_status_check', sql`${t.status} in ${STATUS_CHECK}`),
    check('orders_price_rounding_check', sql`${t.priceRounding} in ${ROUNDING_CHECK}`),
  ],
);

/**
 * One service calculation inside an order (spec §3 "Calculation"). `source`/`source_id` say where it was copied
 * from (a template, an earlier calculation, or nothing); the copy never follows later edits of its source.
 * `summary` (собівартість) and `summary_with_profit` (тариф) are UAH, and `cost` every row and coefficient of the
 * калькуляція (the domain's `ServiceCost`); all three are filled in when the order is calculated (`formed`) and
 * cleared when a save changes the calculation again, so stored results always match the stored content.
 */
export const calculations = pgTable(
  'calculations',
  {
    id: serial().primaryKey(),
    identifier: text().notNull().unique(),
    orderId: parentId(() => orders.id),
    companyId: parentId(() => companies.id),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    name: text().notNull(),
    source: text({ enum: ['template', 'calculation'] }),
    sourceId: integer(),
    position: integer().notNull().default(0),
    /**
     * The service's number inside its company (issue 23), printed as its code («00001»): the company's first
     * service is 1. Given from `service_number_counters` in the transaction that inserts the row.
     */
    serviceNumber: integer().notNull(),
    content: jsonb().$type<CalculationContent>().notNull(),
    summary: numeric({ precision: 14, scale: 2 }),
    summaryWithProfit: numeric({ precision: 14, scale: 2 }),
    cost: jsonb().$type<ServiceCost>(),
    ...timestamps,
  },
  (t) => [
    index('calculations_order_idx').on(t.orderId),
    index('calculations_company_idx').on(t.companyId),
    uniqueIndex('calculations_company_service_number_unique').on(t.companyId, t.serviceNumber),
  ],
);

/**
 * The last service number each company gave (issue 23): a new calculation takes the next one by an upsert that
 * holds the row's lock until its transaction ends, so two orders placed at once never share a code.
 */
export const serviceNumberCounters = pgTable('service_number_counters', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  lastNumber: integer().notNull(),
  ...timestamps,
});

/**
 * The last order number each company gave in each year (issue 33): a new order takes the next one by an upsert
 * that holds the row's lock until its transaction ends, so two orders placed at once never share a number.
 */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ...yearlyCounter,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);

/** Every status change of an order: who, when, from, to (issue: orders). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial().primaryKey(),
    orderId: parentId(() => orders.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** The revision of the order the change belongs to (issue 18). */
    revision: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/** A service of an earlier revision as it was kept: what the documents of that revision print. */
export interface RevisionServiceRecord {
  id: number;
  identifier: string;
  categoryId: number | null;
  categoryName: string | null;
  name: string;
  position: number;
  content: CalculationContent;
  summary: string | null;
  summaryWithProfit: string | null;
  cost: ServiceCost | null;
  /**
   * The service's number in its company (issue 23), printed as its code. Revisions kept before issue 33 were
   * written without it; migration 0014 gave each its service's number (the row's id where the row is gone).
   */
  serviceNumber: number;
}

/**
 * The order as a revision (issue 18) and a revision's paper (issue 33) keep it: the order's and the company's
 * names, the institution-data snapshot, the rounding and every service with its content and stored results.
 */
const frozenOrder = {
  orderName: text().notNull(),
  companyName: text().notNull(),
  companyInfo: jsonb().$type<CompanyInfo>().notNull(),
  priceRounding: text().$type<PriceRounding>().notNull(),
  services: jsonb().$type<RevisionServiceRecord[]>().notNull(),
};

/**
 * An earlier revision of an order (issue 18), written when «Оновити дані в калькуляції» starts the next one: its
 * institution-data snapshot, rounding, status at that moment (`formed`, `sent` or `confirmed`) and every service
 * with its content and stored results, so its documents can still be made. `notes` are what the re-pricing that
 * closed it could not update (a deleted staffing row or material), printed in the comparison.
 */
export const orderRevisions = pgTable(
  'order_revisions',
  {
    id: serial().primaryKey(),
    orderId: parentId(() => orders.id),
    number: integer().notNull(),
    status: text().notNull(),
    /**
     * The order's name and the company's registered name while the revision was current (issue 33), so its papers
     * keep printing them after a rename. Migration 0014 gave the revisions kept before it the names of that day.
     */
    ...frozenOrder,
    notes: jsonb().$type<InputChange[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_revisions_order_number_unique').on(t.orderId, t.number),
    check('order_revisions_status_check', sql`${t.status} in ${STATUS_CHECK}`),
    check('order_revisions_price_rounding_check', sql`${t.priceRounding} in ${ROUNDING_CHECK}`),
  ],
);

/**
 * Who calculated the revision and when, as its papers print them (issue 33: the economist's signature line and the
 * chronometry act's date), frozen with the paper, so a later rename of the user does not change a signed page.
 * Absent in a paper frozen before they were printed.
 */
export interface PaperSignatures {
  economist?: string | null;
  /** ISO 8601. */
  calculatedAt?: string | null;
}

/**
 * The paper of an approved revision (issue 33): everything its documents print — the order's and the company's
 * names, the institution-data snapshot, the rounding and every service with its code, category name, content and
 * stored results — frozen when the revision is approved (or, for a revision approved before this table, the first
 * time its documents are made), so a signed paper prints the same whatever changes later: re-pricing, reference
 * data (a category renamed), service numbers or a migration of the live rows. One per (order, revision); written
 * again only when the revision is approved again after its content changed (`version`).
 */
export const orderPapers = pgTable(
  'order_papers',
  {
    id: serial().primaryKey(),
    orderId: parentId(() => orders.id),
    revision: integer().notNull(),
    /** The order's content version the paper was made from (`orders.version`). */
    version: integer().notNull(),
    ...frozenOrder,
    signatures: jsonb().$type<PaperSignatures>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_papers_order_revision_unique').on(t.orderId, t.revision),
    check('order_papers_price_rounding_check', sql`${t.priceRounding} in ${ROUNDING_CHECK}`),
  ],
);
