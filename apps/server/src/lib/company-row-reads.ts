import type { Executor } from '../db/client';

/** A repository's reads of a company's own rows of a table among some ids (the staffing table). */
export interface CompanyRowsRepository<Row> {
  findIdsOfCompany(companyId: number, ids: readonly number[], tx?: Executor): Promise<number[]>;
  findRowsOfCompany(companyId: number, ids: readonly number[], tx?: Executor): Promise<Row[]>;
}

/** A repository's query of the rows among `ids` a company may name (its own rows, or also the template ones). */
type AmongIdsQuery<Row> = (
  companyId: number,
  ids: readonly number[],
  tx?: Executor,
) => Promise<Row[]>;

/** The query as a service answers it: each id asked once. */
export const rowsAmong =
  <Row>(query: AmongIdsQuery<Row>) =>
  (companyId: number, ids: readonly number[], tx?: Executor): Promise<Row[]> =>
    query(companyId, [...new Set(ids)], tx);

/** A query of which of `ids` a company may name, as a service answers it: a set, each id asked once. */
export const idSetOf =
  (query: AmongIdsQuery<number>) =>
  async (companyId: number, ids: readonly number[], tx?: Executor): Promise<Set<number>> =>
    new Set(await rowsAmong(query)(companyId, ids, tx));

/**
 * A service's reads of the company's own rows among `ids` (each id asked once), for the wizard's lines and
 * re-pricing: another company's row, or a template row, is never among them.
 */
export function companyRowReads<Row>(repo: CompanyRowsRepository<Row>) {
  return {
    /** Which of `ids` are rows of the company's table (a wizard line must name one). */
    existingIds: idSetOf(repo.findIdsOfCompany),

    /** The company's rows among `ids`. */
    companyRowsByIds: rowsAmong(repo.findRowsOfCompany),
  };
}
