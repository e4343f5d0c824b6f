import type { PageQuery, Paged } from '@medcalc/domain';
import type { Executor } from '../db/client';
import type { Owner } from './bulk-rows';
import { searchPage, type PageFilter } from './paginate';

/** The repository reads of one kind of reference data (materials, units) that its service answers as they are. */
export interface ReferenceDataRepository<Item, CompanyItem> {
  listByOwner(owner: Owner, tx?: Executor): Promise<Item[]>;
  pageByOwner(owner: Owner, filter: PageFilter): Promise<{ rows: Item[]; total: number }>;
  pageOfCompanies(filter: PageFilter): Promise<{ rows: CompanyItem[]; total: number }>;
  findOwned(owner: Owner, id: number, tx?: Executor): Promise<Item | undefined>;
  findOfCompanies(id: number, tx?: Executor): Promise<Item | undefined>;
}

/**
 * A reference-data service's reads (spec §7 "Company reference data", "Shared (template-level) reference data"):
 * an owner's rows (a company's id, or `null` for the template ones) and the administrator's view of the rows
 * companies made, each straight from the repository.
 */
export function referenceDataReads<Item, CompanyItem>(
  repo: ReferenceDataRepository<Item, CompanyItem>,
) {
  return {
    /** All rows of one owner, in creation order. */
    list: (owner: Owner): Promise<Item[]> => repo.listByOwner(owner),

    /** One page of an owner's rows, filtered by `search` in the name (spec §7 `?page&perPage&search`). */
    page: (owner: Owner, query: PageQuery): Promise<Paged<Item>> =>
      searchPage(query, (filter) => repo.pageByOwner(owner, filter)),

    /** Administrator: one page of the rows companies made, each with its author company (spec §2 Admin panel). */
    pageOfCompanies: (query: PageQuery): Promise<Paged<CompanyItem>> =>
      searchPage(query, (filter) => repo.pageOfCompanies(filter)),

    /** One of the owner's rows; undefined when the owner has no such row. */
    findOwned: (owner: Owner, id: number, tx?: Executor): Promise<Item | undefined> =>
      repo.findOwned(owner, id, tx),

    /** A row some company made (not a template one), for the administrator to copy; undefined otherwise. */
    findOfCompanies: (id: number, tx?: Executor): Promise<Item | undefined> =>
      repo.findOfCompanies(id, tx),
  };
}
