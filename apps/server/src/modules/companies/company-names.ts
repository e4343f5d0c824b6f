import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';
import { byId } from '../../lib/by-id';
import { containsFolded } from '../../lib/paginate';
import { createCompaniesRepository } from './companies.repository';

/** A company as another module's list shows it beside its own rows. */
export interface CompanyName {
  id: number;
  name: string;
  identifier: string;
}

const nameColumns = { id: companies.id, name: companies.name, identifier: companies.identifier };

/** Every company's id, name and identifier as a subquery `company_names`, joined by a reader in its own statement. */
const nameRowsOf = (db: Executor) => db.select(nameColumns).from(companies).as('company_names');

/** The companies' names as a relation to join on a company id (`CompanyNames.nameRows`). */
export type CompanyNameRows = ReturnType<typeof nameRowsOf>;

/**
 * The companies module's port for the modules that show a company beside their rows (auth's users, members'
 * invitations, units, materials, orders): app.ts passes it in. Reads only; each is one query.
 */
export interface CompanyNames {
  /** The name and public identifier of each company among `ids`, by id (a gone company is absent). */
  namesOf(ids: Iterable<number | null>, tx?: Executor): Promise<Map<number, CompanyName>>;
  /** The internal id of the company with this public identifier, or undefined. */
  idOf(identifier: string, tx?: Executor): Promise<number | undefined>;
  /** The ids of the companies whose name contains `search`, case-insensitively (Cyrillic included). */
  idsNamedLike(search: string, tx?: Executor): Promise<number[]>;
  /**
   * The same names as a subquery the reader joins in its own statement, for a read that must stay one round trip
   * (auth's session lookup, behind every signed-in request). Not a query of its own: it runs inside the reader's.
   */
  nameRows: CompanyNameRows;
}

export function createCompanyNames(db: Executor): CompanyNames {
  const repository = createCompaniesRepository(db);
  return {
    namesOf: (ids, tx = db) =>
      byId(ids, (wanted) =>
        tx.select(nameColumns).from(companies).where(inArray(companies.id, wanted)),
      ),

    idOf: (identifier, tx = db) => repository.findIdByIdentifier(identifier, tx),

    async idsNamedLike(search, tx = db) {
      const rows = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(containsFolded(companies.name, search));
      return rows.map((row) => row.id);
    },

    nameRows: nameRowsOf(db),
  };
}
