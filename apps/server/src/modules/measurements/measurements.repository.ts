import { and, asc, eq, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { CompanyMeasurement, Measurement } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { measurements } from '../../db/schema';
import type { CompanyNames } from '../companies/company-names';
import { deleteOwnedRow, insertOwnedIfAbsent, ownedBy, updateOwnedRow } from '../../lib/bulk-rows';
import { translateDbErrors } from '../../lib/db-errors';
import { equalsFolded, pageOfNamed, type PageFilter } from '../../lib/paginate';

/** Who owns a row: a company's internal id, or `null` for the provider's standard (template-level) units. */
export type Owner = number | null;

/** A unit found by name, with its owner, for duplicate checks and for resolving a material's unit. */
export interface NamedMeasurement {
  id: number;
  name: string;
  companyId: Owner;
}

type MeasurementRow = typeof measurements.$inferSelect;

/** Storage → wire (domain `measurementSchema`): ISO timestamps. */
const toMeasurement = (
  row: Pick<MeasurementRow, 'id' | 'name' | 'createdAt' | 'updatedAt'>,
): Measurement => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Units where `where` holds, in id order. */
const selectMeasurements = (tx: Executor, where: SQL | undefined) =>
  tx.select().from(measurements).where(where).orderBy(asc(measurements.id));

/** One page of the units in `scope` whose name contains the search, in id order, and how many there are. */
const pageOf = (tx: Executor, scope: SQL, filter: PageFilter) =>
  pageOfNamed(tx, measurements, scope, (where) => selectMeasurements(tx, where), filter);

/** The one unit where `where` holds (its id among the conditions), or undefined. */
async function findOne(tx: Executor, where: SQL | undefined): Promise<Measurement | undefined> {
  const [row] = await selectMeasurements(tx, where).limit(1);
  return row ? toMeasurement(row) : undefined;
}

/** The author companies of the admin panel's units are named through the companies module's port (app.ts). */
export function createMeasurementsRepository(
  db: Executor,
  ports: { companies: Pick<CompanyNames, 'namesOf'> },
) {
  return {
    async listByOwner(owner: Owner, tx: Executor = db): Promise<Measurement[]> {
      const rows = await selectMeasurements(tx, ownedBy(measurements.companyId, owner));
      return rows.map(toMeasurement);
    },

    async pageByOwner(
      owner: Owner,
      filter: PageFilter,
      tx: Executor = db,
    ): Promise<{ rows: Measurement[]; total: number }> {
      const page = await pageOf(tx, ownedBy(measurements.companyId, owner), filter);
      return { rows: page.rows.map(toMeasurement), total: page.total };
    },

    /** Units of every company (not the standard ones), each with its author company, for the admin panel. */
    async pageOfCompanies(
      filter: PageFilter,
      tx: Executor = db,
    ): Promise<{ rows: CompanyMeasurement[]; total: number }> {
      const page = await pageOf(tx, isNotNull(measurements.companyId), filter);
      const companies = await ports.companies.namesOf(
        page.rows.map((row) => row.companyId),
        tx,
      );
      return {
        rows: page.rows.map((row) => {
          const company = row.companyId === null ? undefined : companies.get(row.companyId);
          return {
            ...toMeasurement(row),
            company: company?.name ?? '',
            companyIdentifier: company?.identifier ?? '',
          };
        }),
        total: page.total,
      };
    },

    async findOwned(owner: Owner, id: number, tx: Executor = db): Promise<Measurement | undefined> {
      return findOne(tx, and(eq(measurements.id, id), ownedBy(measurements.companyId, owner)));
    },

    /** A unit some company made (not a standard one); undefined otherwise. */
    async findOfCompanies(id: number, tx: Executor = db): Promise<Measurement | undefined> {
      return findOne(tx, and(eq(measurements.id, id), isNotNull(measurements.companyId)));
    },

    /**
     * Units of the given owners whose name equals `name` case-insensitively (Cyrillic included), standard units
     * first; `exceptId` leaves out the row being renamed.
     */
    async findByName(
      owners: Owner[],
      name: string,
      options: { exceptId?: number } = {},
      tx: Executor = db,
    ): Promise<NamedMeasurement[]> {
      const companyIds = owners.filter((owner): owner is number => owner !== null);
      const ownerFilters = [
        ...(owners.includes(null) ? [isNull(measurements.companyId)] : []),
        ...(companyIds.length > 0 ? [inArray(measurements.companyId, companyIds)] : []),
      ];
      if (ownerFilters.length === 0) return [];
      const rows = await tx
        .select({ id: measurements.id, name: measurements.name, companyId: measurements.companyId })
        .from(measurements)
        .where(
          and(
            or(...ownerFilters),
            equalsFolded({ folded: measurements.nameFolded }, name),
            options.exceptId === undefined ? undefined : ne(measurements.id, options.exceptId),
          ),
        )
        .orderBy(asc(measurements.companyId), asc(measurements.id));
      // Standard units (company_id null) first: PostgreSQL sorts nulls last in ascending order.
      return [
        ...rows.filter((row) => row.companyId === null),
        ...rows.filter((row) => row.companyId !== null),
      ];
    },

    /** Throws `UniqueViolationError` when the owner already has the name (a race past the service's check). */
    async insert(owner: Owner, name: string, tx: Executor = db): Promise<Measurement> {
      const [row] = await translateDbErrors(() =>
        tx.insert(measurements).values({ companyId: owner, name }).returning(),
      );
      if (!row) throw new Error('insert into measurements returned no row');
      return toMeasurement(row);
    },

    /**
     * Inserts a unit unless the owner already has one of that name (`ON CONFLICT DO NOTHING`, so a concurrent
     * insert of the same name neither fails nor aborts the caller's transaction); undefined when it was there.
     */
    async insertIfAbsent(
      owner: Owner,
      name: string,
      tx: Executor = db,
    ): Promise<NamedMeasurement | undefined> {
      const row = await insertOwnedIfAbsent(tx, measurements, owner, { name });
      return row && { id: row.id, name: row.name, companyId: row.companyId };
    },

    /** Renames the owner's unit; undefined when the owner has no such unit. */
    async rename(
      owner: Owner,
      id: number,
      name: string,
      tx: Executor = db,
    ): Promise<Measurement | undefined> {
      const row = await updateOwnedRow(tx, measurements, owner, id, { name });
      return row ? toMeasurement(row) : undefined;
    },

    /**
     * Deletes the owner's unit; false when the owner has no such unit. Throws `ForeignKeyViolationError` when a
     * material still uses it (pills.measurement_id is ON DELETE RESTRICT), and then nothing is deleted.
     */
    remove: (owner: Owner, id: number, tx: Executor = db): Promise<boolean> =>
      deleteOwnedRow(tx, measurements, owner, id),
  };
}

export type MeasurementsRepository = ReturnType<typeof createMeasurementsRepository>;
