import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { moneyToNumber, type StaffRate } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { staffRates } from '../../db/schema';
import { translateDbErrors } from '../../lib/db-errors';
import { idsAmong } from '../../lib/ids-among';

/**
 * A staffing row (a company's or a template one), with where it was copied from (`templateId`, or null): the label
 * parts and the salary as exact decimal text, UAH per month.
 */
export interface StaffPositionRow {
  id: number;
  templateId: number | null;
  qualification: string;
  category: string;
  scientificDegree: string;
  salary: string;
}

/** A company's row copied from a template row (`staff_rates.template_id`), as orders map template staff lines onto it. */
export type CompanyStaffRow = StaffPositionRow & { templateId: number };

const positionColumns = {
  id: staffRates.id,
  templateId: staffRates.templateId,
  qualification: staffRates.qualification,
  category: staffRates.category,
  scientificDegree: staffRates.scientificDegree,
  salary: staffRates.salary,
};

/** Staffing rows as positions, where `where` holds, in id order. */
const selectPositions = (tx: Executor, where: SQL | undefined) =>
  tx.select(positionColumns).from(staffRates).where(where).orderBy(asc(staffRates.id));

/** A position as stored: salary as exact decimal text, UAH per month. */
export interface StaffRateValues {
  qualification: string;
  category: string;
  scientific_degree: string;
  salary: string;
}

/** Storage → wire (domain `staffRateSchema`, spec §3 "Staff rate"); numeric text becomes a JSON number. */
const toStaffRate = (row: StaffPositionRow): StaffRate => ({
  id: row.id,
  qualification: row.qualification,
  category: row.category,
  scientific_degree: row.scientificDegree,
  salary: moneyToNumber(row.salary),
});

/**
 * The company's staffing table as the wire and the import's planner read it (domain `StaffRate`, `StaffTableRow`),
 * in id order.
 */
export const companyStaffRates = async (tx: Executor, companyId: number): Promise<StaffRate[]> =>
  (await selectPositions(tx, eq(staffRates.companyId, companyId))).map(toStaffRate);

const ofCompany = (companyId: number, id: number) =>
  and(eq(staffRates.id, id), eq(staffRates.companyId, companyId));

/** The company's rows among `ids`. */
const amongOfCompany = (companyId: number, ids: readonly number[]) =>
  and(eq(staffRates.companyId, companyId), inArray(staffRates.id, [...ids]));

export function createStaffRepository(db: Executor) {
  return {
    /**
     * The company's staffing table by id. The service puts it in Ukrainian alphabetical order: the database's
     * ORDER BY on text follows its collation, which may be `C` (code point order).
     */
    listByCompany: (companyId: number, tx: Executor = db): Promise<StaffRate[]> =>
      companyStaffRates(tx, companyId),

    /**
     * The company's rows copied from the given template rows. Lowest id first, so a company with two copies of
     * one template row always gets the same one.
     */
    async findByTemplateIds(
      companyId: number,
      templateIds: readonly number[],
      tx: Executor = db,
    ): Promise<CompanyStaffRow[]> {
      if (templateIds.length === 0) return [];
      const rows = await selectPositions(
        tx,
        and(eq(staffRates.companyId, companyId), inArray(staffRates.templateId, [...templateIds])),
      );
      // The filter on template_id makes it non-null; the select's type does not know it.
      return rows.flatMap((row) =>
        row.templateId === null ? [] : [{ ...row, templateId: row.templateId }],
      );
    },

    /** The company's rows among `ids` (another company's or a template row is not among them). */
    async findRowsOfCompany(
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<StaffPositionRow[]> {
      if (ids.length === 0) return [];
      return selectPositions(tx, amongOfCompany(companyId, ids));
    },

    /** The provider's template staffing table (`company_id` null), in id order. */
    async listTemplateRows(tx: Executor = db): Promise<StaffPositionRow[]> {
      return selectPositions(tx, isNull(staffRates.companyId));
    },

    /** Which of `ids` are rows of the company's staffing table. */
    async findIdsOfCompany(
      companyId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<number[]> {
      return idsAmong(tx, staffRates, ids, eq(staffRates.companyId, companyId));
    },

    /** Throws `UniqueViolationError` when the company already has the position (a race past the service's check). */
    async insert(
      companyId: number,
      values: StaffRateValues,
      tx: Executor = db,
    ): Promise<StaffRate> {
      const [row] = await translateDbErrors(() =>
        tx
          .insert(staffRates)
          .values({
            companyId,
            qualification: values.qualification,
            category: values.category,
            scientificDegree: values.scientific_degree,
            salary: values.salary,
          })
          .returning(),
      );
      if (!row) throw new Error('insert into staff_rates returned no row');
      return toStaffRate(row);
    },

    /** Sets the salary of the company's row; false when the company has no such row. */
    async updateSalary(
      companyId: number,
      id: number,
      salary: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(staffRates)
        .set({ salary })
        .where(ofCompany(companyId, id))
        .returning({ id: staffRates.id });
      return rows.length > 0;
    },

    /** Deletes the company's row; false when the company has no such row. */
    async remove(companyId: number, id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(staffRates)
        .where(ofCompany(companyId, id))
        .returning({ id: staffRates.id });
      return rows.length > 0;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
