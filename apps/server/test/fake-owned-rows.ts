/**
 * What the in-memory repositories of the service tests share for rows that belong to a company or, with no
 * company, to the templates (units, materials): the rows of one owner, a page of rows, and the look-ups by owner
 * and by id.
 */
export function fakeOwnedRows<Row extends { id: number; companyId: number | null }, Answer>(
  rows: Row[],
  toAnswer: (row: Row) => Answer,
) {
  const owned = (owner: number | null) => rows.filter((row) => row.companyId === owner);
  return {
    owned,
    /** One page of `matching` (each row as `map` answers it), as the repository's paged calls answer it. */
    page<Item>(
      matching: Row[],
      filter: { offset: number; limit: number },
      map: (row: Row) => Item,
    ) {
      return {
        rows: matching.slice(filter.offset, filter.offset + filter.limit).map(map),
        total: matching.length,
      };
    },
    /** Every row of `owner`, as `listByOwner` answers them. */
    async listByOwner(owner: number | null) {
      return owned(owner).map(toAnswer);
    },
    /** Row `id` of `owner`, as the repository's `findOwned` answers it. */
    async findOwned(owner: number | null, id: number) {
      const row = owned(owner).find((candidate) => candidate.id === id);
      return row ? toAnswer(row) : undefined;
    },
    /** Row `id` of any company (never a template row), as `findOfCompanies` answers it. */
    async findOfCompanies(id: number) {
      const row = rows.find((candidate) => candidate.id === id && candidate.companyId !== null);
      return row ? toAnswer(row) : undefined;
    },
  };
}
