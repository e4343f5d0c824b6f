import { sql, type SQL } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldCase } from '../fold-case';
import { timestamps } from './columns';
import { companies } from './companies';

/**
 * Reference rows are either template-level (`company_id` null: the provider's shared data every company sees)
 * or owned by one company. `seed_key` is the reference file's key, so seeding is idempotent.
 */
const owner = () => integer().references(() => companies.id, { onDelete: 'cascade' });

/** Service categories (spec §3 "Category"); template-level only. */
export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  seedKey: text().unique(),
  name: text().notNull().unique(),
  ...timestamps,
});

/**
 * `name` case-folded (`foldCase`: Cyrillic too, on any database locale), computed once when a row is written. The
 * search of the paged lists and the per-owner unique name index use it, so a search does not fold every row again
 * (folding 500 names per query cost ~6 ms on PGlite; the stored column costs nothing at read time).
 */
const nameFolded = () =>
  text()
    .notNull()
    .generatedAlwaysAs((): SQL => foldCase(sql`${sql.identifier('name')}`));

/**
 * The columns a named reference list (units, materials) starts with: its id, its owner (a company, or null for a
 * template row), the seed key and the name with its fold, on which each table's per-owner unique index is built.
 */
const namedReferenceColumns = () => ({
  id: serial().primaryKey(),
  companyId: owner(),
  seedKey: text().unique(),
  name: text().notNull(),
  nameFolded: nameFolded(),
});

/** Units of measurement (spec §3 "Measurement"). */
export const measurements = pgTable(
  'measurements',
  {
    ...namedReferenceColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('measurements_owner_name_unique').on(
      sql`coalesce(${t.companyId}, 0)`,
      t.nameFolded,
    ),
    index('measurements_company_idx').on(t.companyId),
  ],
);

/**
 * Materials, the spec's "pills" (spec §3 "Material"): price is UAH per one unit of the measurement, with up to four
 * decimals (issue 33: a reagent at 2,375 грн/мл; migration `0016_material_price_decimals`).
 */
export const pills = pgTable(
  'pills',
  {
    ...namedReferenceColumns(),
    measurementId: integer()
      .notNull()
      .references(() => measurements.id, { onDelete: 'restrict' }),
    price: numeric({ precision: 16, scale: 4 }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pills_owner_name_unique').on(sql`coalesce(${t.companyId}, 0)`, t.nameFolded),
    index('pills_company_idx').on(t.companyId),
    index('pills_measurement_idx').on(t.measurementId),
  ],
);

/**
 * The staffing table (spec §3 "Staff rate"): salary is UAH per month, gross. Template rows are copied to each
 * new company at registration; `template_id` remembers which template row a company row came from. A position
 * (qualification case-insensitively, category, degree) appears once per owner, the template table included:
 * `staff_rates_position_unique` is built on the same case fold as the staff service's duplicate check
 * (`foldCase`: Cyrillic too, on any database locale), so a race past the check answers the same 422.
 */
export const staffRates = pgTable(
  'staff_rates',
  {
    id: serial().primaryKey(),
    companyId: owner(),
    templateId: integer(),
    seedKey: text().unique(),
    qualification: text().notNull(),
    category: text().notNull(),
    scientificDegree: text().notNull(),
    salary: numeric({ precision: 14, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('staff_rates_company_idx').on(t.companyId),
    uniqueIndex('staff_rates_position_unique').on(
      sql`coalesce(${t.companyId}, 0)`,
      foldCase(t.qualification),
      t.category,
      t.scientificDegree,
    ),
  ],
);

/**
 * The equipment register (issue 38, docs/methodology.md "Equipment depreciation"): a company's equipment whose
 * straight-line depreciation its services carry per minute of use. V (`first_cost`) and S (`residual_value`) are
 * UAH, N (`useful_life_years`) whole years, T (`hours_per_year`) planned hours of use a year. `company_id` null is
 * the administrator's template equipment, which the provider's templates' lines name (as template materials).
 */
export const equipment = pgTable(
  'equipment',
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    inventoryNumber: text().notNull().default(''),
    firstCost: numeric({ precision: 14, scale: 2 }).notNull(),
    residualValue: numeric({ precision: 14, scale: 2 }).notNull(),
    usefulLifeYears: integer().notNull(),
    hoursPerYear: numeric({ precision: 7, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [index('equipment_company_idx').on(t.companyId)],
);
