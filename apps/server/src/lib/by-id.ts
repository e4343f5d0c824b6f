/**
 * A batched lookup through another module's port (docs/architecture.md «Who owns which table»): the distinct ids of
 * `ids` (nulls left out) read by `read` in one query, keyed by id. No ids asked for, no query.
 */
export async function byId<T extends { id: number }>(
  ids: Iterable<number | null | undefined>,
  read: (ids: number[]) => Promise<T[]>,
): Promise<Map<number, T>> {
  const wanted = [
    ...new Set([...ids].filter((id): id is number => id !== null && id !== undefined)),
  ];
  if (wanted.length === 0) return new Map();
  return new Map((await read(wanted)).map((row) => [row.id, row]));
}
