import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';

/**
 * The companies module's port for the members module (issue 22, 34): a company's row locked while its invitations
 * are counted, and a company deleted when its only member moves into another by invitation.
 */
export interface CompanyRows {
  /** Locks the company's row until `tx` ends: one company's invitations are made one at a time (issue 34). */
  lockCompany(companyId: number, tx: Executor): Promise<void>;
  /** Deletes a company and, by the foreign keys' cascade, everything of it. */
  deleteCompany(companyId: number, tx: Executor): Promise<void>;
}

export function createCompanyRows(): CompanyRows {
  return {
    async lockCompany(companyId, tx) {
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
    },
    async deleteCompany(companyId, tx) {
      await tx.delete(companies).where(eq(companies.id, companyId));
    },
  };
}
