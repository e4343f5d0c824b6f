import type { Executor } from '../db/client';

/** A repository's reads of a company's own rows of a table among some ids (staff, equipment). */
export interface CompanyRowsRepository<Row> {
  findIdsOfCompany(companyId: number, ids: readonly number[], tx?: Executor): Promise<number[]>;
  findRowsOfCompany(companyId: number, ids: readonly number[], tx?: Executor): Promise<Row[]>;
}

/**
 * A service's reads of the company's own rows among `ids` (each id asked once), for the wizard's lines and
 * re-pricing: another company's row, or a template row, is never among them.
 */
export function companyRowReads<Row>(repo: CompanyRowsRepository<Row>) {
  return {
    /** Which of `ids` are rows of the company's table (a wizard line must name one). */
    async existingIds(
      companyId: number,
      ids: readonly number[],
      tx?: Executor,
    ): Promise<Set<number>> {
      return new Set(await repo.findIdsOfCompany(companyId, [...new Set(ids)], tx));
    },

    /** The company's rows among `ids`. */
    async companyRowsByIds(
      companyId: number,
      ids: readonly number[],
      tx?: Executor,
    ): Promise<Row[]> {
      return repo.findRowsOfCompany(companyId, [...new Set(ids)], tx);
    },
  };
}
