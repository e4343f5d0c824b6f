import { and, asc, eq } from 'drizzle-orm';
import { moneyToNumber, type StaffRate } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { staffRates } from '../../db/schema';
import { translateDbErrors } from '../../lib/db-errors';
import { equalsFolded } from '../../lib/paginate';

/** A position as stored: salary as exact decimal text, UAH per month. */
export interface StaffRateValues {
  qualification: string;
  category: string;
  scientific_degree: string;
  salary: string;
}

type StaffRateRow = typeof staffRates.$inferSelect;

/** Storage → wire (domain `staffRateSchema`, spec §3 "Staff rate"); numeric text becomes a JSON number. */
const toStaffRate = (row: StaffRateRow): StaffRate => ({
  id: row.id,
  qualification: row.qualification,
  category: row.category,
  scientific_degree: row.scientificDegree,
  salary: moneyToNumber(row.salary),
});

const ofCompany = (companyId: number, id: number) =>
  and(eq(staffRates.id, id), eq(staffRates.companyId, companyId));

export function createStaffRepository(db: Executor) {
  return {
    /**
     * The company's staffing table by id. The service puts it in Ukrainian alphabetical order: the database's
     * ORDER BY on text follows its collation, which may be `C` (code point order).
     */
    async listByCompany(companyId: number, tx: Executor = db): Promise<StaffRate[]> {
      const rows = await tx
        .select()
        .from(staffRates)
        .where(eq(staffRates.companyId, companyId))
        .orderBy(asc(staffRates.id));
      return rows.map(toStaffRate);
    },

    /**
     * Whether the company already has this position: the same qualification (case-insensitive), category and
     * degree.
     */
    async positionTaken(
      companyId: number,
      position: Pick<StaffRateValues, 'qualification' | 'category' | 'scientific_degree'>,
      tx: Executor = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: staffRates.id })
        .from(staffRates)
        .where(
          and(
            eq(staffRates.companyId, companyId),
            equalsFolded(staffRates.qualification, position.qualification),
            eq(staffRates.category, position.category),
            eq(staffRates.scientificDegree, position.scientific_degree),
          ),
        )
        .limit(1);
      return row !== undefined;
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
