import { asc, eq } from 'drizzle-orm';
import type { CompanyInfo } from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';
import { idOfIdentifier } from '../../lib/ids-among';

export function createCompaniesRepository(db: Executor) {
  return {
    async insertCompany(
      values: { identifier: string; name: string; phone: string; info: CompanyInfo },
      tx: Executor = db,
    ) {
      const [row] = await tx.insert(companies).values(values).returning();
      if (!row) throw new Error('insert into companies returned no row');
      return row;
    },

    /** Every company's public identifier and name (the admin's company selector). */
    async listNames(tx: Executor = db): Promise<Array<{ identifier: string; name: string }>> {
      return tx
        .select({ identifier: companies.identifier, name: companies.name })
        .from(companies)
        .orderBy(asc(companies.id));
    },

    /** The internal id of the company with this public identifier; undefined when there is none. */
    findIdByIdentifier: (identifier: string, tx: Executor = db) =>
      idOfIdentifier(tx, companies, identifier),

    async findById(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(companies).where(eq(companies.id, id)).limit(1);
      return row;
    },

    /**
     * The stored institution data as it is in the row (possibly written by an older schema); undefined if no
     * company. `forUpdate` locks the row until the transaction `tx` ends (read-merge-write of a partial update).
     */
    async findInfo(
      id: number,
      tx: Executor = db,
      options: { forUpdate?: boolean } = {},
    ): Promise<unknown> {
      const query = tx
        .select({ info: companies.info })
        .from(companies)
        .where(eq(companies.id, id))
        .limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row?.info;
    },

    /** Replaces the institution data; returns false when there is no such company. */
    async updateInfo(id: number, info: CompanyInfo, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(companies)
        .set({ info })
        .where(eq(companies.id, id))
        .returning({ id: companies.id });
      return rows.length > 0;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
