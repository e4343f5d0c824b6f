import { and, asc, eq, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { CompanyPill, Pill } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { pills } from '../../db/schema';
import { deleteOwnedRow, insertOwnedIfAbsent, ownedBy, updateOwnedRow } from '../../lib/bulk-rows';
import { translateDbErrors } from '../../lib/db-errors';
import { idsAmong } from '../../lib/ids-among';
import type { CompanyNames } from '../companies/company-names';
import type { UnitNames } from '../measurements/unit-names';
import { equalsFolded, pageOfNamed, type PageFilter } from '../../lib/paginate';

/** Who owns a row: a company's internal id, or `null` for the provider's template materials. */
export type Owner = number | null;

/** What a material stores: its name, its unit's id and its price per unit as exact decimal text (UAH). */
export interface PillValues {
  name: string;
  measurementId: number;
  price: string;
}

/** The material's own columns; its unit's and company's names come through the ports. */
const pillColumns = {
  id: pills.id,
  name: pills.name,
  measurementId: pills.measurementId,
  price: pills.price,
  companyId: pills.companyId,
  createdAt: pills.createdAt,
  updatedAt: pills.updatedAt,
};

interface PillRow {
  id: number;
  name: string;
  measurementType: string;
  price: string;
  companyIdentifier: string | null;
  company: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A material as its row holds it: its unit and company by id. */
type StoredPill = Omit<PillRow, 'measurementType' | 'companyIdentifier' | 'company'> & {
  measurementId: number;
  companyId: number | null;
};

/**
 * Storage → wire (domain `pillSchema`). `numeric(14,2)` arrives as text such as `'7.50'`; it becomes a JSON
 * number (7.5), exact at two decimals for every amount the schema allows.
 */
const toPill = (row: PillRow): Pill => ({
  id: row.id,
  name: row.name,
  measurementType: row.measurementType,
  // Up to four decimals (issue 33); the column's text is read as the nearest number, as the client sends it.
  price: Number(row.price),
  companyIdentifier: row.companyIdentifier,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export function createPillsRepository(
  db: Executor,
  ports: { units: UnitNames; companies: Pick<CompanyNames, 'namesOf'> },
) {
  /** Materials where `where` holds, ordered by id (their own columns). */
  const selectPills = (tx: Executor, where: SQL | undefined) =>
    tx.select(pillColumns).from(pills).where(where).orderBy(asc(pills.id));

  /** The materials with their unit's and company's names: one batched query to each owner's port. */
  const named = async (rows: StoredPill[], tx: Executor): Promise<PillRow[]> => {
    const [units, companies] = await Promise.all([
      ports.units.namesOf(
        rows.map((row) => row.measurementId),
        tx,
      ),
      ports.companies.namesOf(
        rows.map((row) => row.companyId),
        tx,
      ),
    ]);
    return rows.map(({ measurementId, companyId, ...row }) => {
      const company = companyId === null ? undefined : companies.get(companyId);
      return {
        ...row,
        measurementType: units.get(measurementId)?.name ?? '',
        companyIdentifier: company?.identifier ?? null,
        company: company?.name ?? null,
      };
    });
  };
  /** One page of the materials in `scope` whose name contains the search, in id order, and how many there are. */
  const pageOf = (tx: Executor, scope: SQL, filter: PageFilter) =>
    pageOfNamed(tx, pills, scope, (where) => selectPills(tx, where), filter);
  const readPills = async (tx: Executor, where: SQL | undefined) =>
    named(await selectPills(tx, where), tx);

  const findOne = async (owner: Owner, id: number, tx: Executor) => {
    const [row] = await named(
      await selectPills(tx, and(eq(pills.id, id), ownedBy(pills.companyId, owner))).limit(1),
      tx,
    );
    return row ? toPill(row) : undefined;
  };

  return {
    async listByOwner(owner: Owner, tx: Executor = db): Promise<Pill[]> {
      return (await readPills(tx, ownedBy(pills.companyId, owner))).map(toPill);
    },

    /** Template materials first, then the company's own (the wizard's two tabs, issue "Company reference data"). */
    async listTemplateAndOwn(companyId: number, tx: Executor = db): Promise<Pill[]> {
      const rows = await readPills(tx, or(isNull(pills.companyId), eq(pills.companyId, companyId)));
      const pillsOf = rows.map(toPill);
      return [
        ...pillsOf.filter((pill) => pill.companyIdentifier === null),
        ...pillsOf.filter((pill) => pill.companyIdentifier !== null),
      ];
    },

    async pageByOwner(
      owner: Owner,
      filter: PageFilter,
      tx: Executor = db,
    ): Promise<{ rows: Pill[]; total: number }> {
      const page = await pageOf(tx, ownedBy(pills.companyId, owner), filter);
      return { rows: (await named(page.rows, tx)).map(toPill), total: page.total };
    },

    /** Materials of every company (not the templates), each with its author company, for the admin panel. */
    async pageOfCompanies(
      filter: PageFilter,
      tx: Executor = db,
    ): Promise<{ rows: CompanyPill[]; total: number }> {
      const page = await pageOf(tx, isNotNull(pills.companyId), filter);
      const rows = (await named(page.rows, tx)).map((row) => ({
        ...toPill(row),
        company: row.company ?? '',
      }));
      return { rows, total: page.total };
    },

    /** Which of `ids` are template materials or materials of the company. */
    async findVisibleIds(
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<number[]> {
      return idsAmong(tx, pills, ids, or(isNull(pills.companyId), eq(pills.companyId, companyId)));
    },

    /** Which of `ids` are template materials. */
    async findTemplateIds(ids: readonly number[], tx: Executor = db): Promise<number[]> {
      return idsAmong(tx, pills, ids, isNull(pills.companyId));
    },

    /** The id of the owner's material named `name` (case-insensitive, Cyrillic included); undefined if none. */
    async findIdByName(owner: Owner, name: string, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: pills.id })
        .from(pills)
        .where(
          and(ownedBy(pills.companyId, owner), equalsFolded({ folded: pills.nameFolded }, name)),
        )
        .limit(1);
      return row?.id;
    },

    /**
     * Inserts a material unless the owner already has one of that name (`ON CONFLICT DO NOTHING`: a concurrent
     * insert neither fails nor aborts the caller's transaction); its id, or undefined when it was there.
     */
    async insertIfAbsent(
      owner: Owner,
      values: PillValues,
      tx: Executor = db,
    ): Promise<number | undefined> {
      return (await insertOwnedIfAbsent(tx, pills, owner, values))?.id;
    },

    async findOwned(owner: Owner, id: number, tx: Executor = db): Promise<Pill | undefined> {
      return findOne(owner, id, tx);
    },

    /** A material some company made (not a template one), with its unit's name; undefined otherwise. */
    async findOfCompanies(id: number, tx: Executor = db): Promise<Pill | undefined> {
      const [row] = await named(
        await selectPills(tx, and(eq(pills.id, id), isNotNull(pills.companyId))).limit(1),
        tx,
      );
      return row ? toPill(row) : undefined;
    },

    /** Whether the owner has a material named `name` (case-insensitive, Cyrillic included) other than `exceptId`. */
    async nameTaken(
      owner: Owner,
      name: string,
      options: { exceptId?: number } = {},
      tx: Executor = db,
    ) {
      const [row] = await tx
        .select({ id: pills.id })
        .from(pills)
        .where(
          and(
            ownedBy(pills.companyId, owner),
            equalsFolded({ folded: pills.nameFolded }, name),
            options.exceptId === undefined ? undefined : ne(pills.id, options.exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Throws `UniqueViolationError` when the owner already has the name (a race past the service's check). */
    async insert(owner: Owner, values: PillValues, tx: Executor = db): Promise<Pill> {
      const [inserted] = await translateDbErrors(() =>
        tx
          .insert(pills)
          .values({ companyId: owner, ...values })
          .returning({ id: pills.id }),
      );
      const pill = inserted ? await findOne(owner, inserted.id, tx) : undefined;
      if (!pill) throw new Error('insert into pills returned no row');
      return pill;
    },

    /** Replaces the owner's material; undefined when the owner has no such material. */
    async update(
      owner: Owner,
      id: number,
      values: PillValues,
      tx: Executor = db,
    ): Promise<Pill | undefined> {
      const updated = await updateOwnedRow(tx, pills, owner, id, values);
      return updated ? findOne(owner, updated.id, tx) : undefined;
    },

    /** Deletes the owner's material; false when the owner has no such material. */
    remove: (owner: Owner, id: number, tx: Executor = db): Promise<boolean> =>
      deleteOwnedRow(tx, pills, owner, id),
  };
}

export type PillsRepository = ReturnType<typeof createPillsRepository>;
