/**
 * The row `find` answers, or else the one `insertIfAbsent` makes (an insert with ON CONFLICT DO NOTHING, such as
 * bulk-rows.ts `insertOwnedIfAbsent`). When another request inserted the same row meanwhile, the unique index kept
 * theirs and the insert answers nothing: that row is found again and used. `created` says whether this call made
 * the row; `what` names it in the error when it is neither inserted nor found.
 */
export async function findOrInsert<Row>(
  what: string,
  find: () => Promise<Row | undefined>,
  insertIfAbsent: () => Promise<Row | undefined>,
): Promise<{ row: Row; created: boolean }> {
  const existing = await find();
  if (existing !== undefined) return { row: existing, created: false };
  const inserted = await insertIfAbsent();
  if (inserted !== undefined) return { row: inserted, created: true };
  const raced = await find();
  if (raced === undefined) throw new Error(`${what} neither inserted nor found`);
  return { row: raced, created: false };
}
