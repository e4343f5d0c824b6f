/** Rows kept at most; all dropped when one more would pass it (an address is a few hundred bytes). */
const KEPT_ROWS = 1_000;

/**
 * Rows read by key and kept in the process until the next write, for the embedded database only: there one
 * process owns the data, so its own writes are all the changes there are. Every write calls {@link forget} when it
 * begins and again once it is committed; a read begun before a `forget` is answered but not kept (it may have seen
 * the data before the write). Misses are not kept, so unknown keys cannot crowd out the known ones.
 */
export function createKeptRows<Row>(read: (key: string) => Promise<Row | undefined>) {
  const rows = new Map<string, Row>();
  /** Bumped at every `forget`: a read keeps its row only when no write began or ended while it ran. */
  let epoch = 0;
  return {
    async find(key: string): Promise<Row | undefined> {
      const held = rows.get(key);
      if (held !== undefined) return held;
      const began = epoch;
      const row = await read(key);
      if (row !== undefined && began === epoch) {
        if (rows.size >= KEPT_ROWS) rows.clear();
        rows.set(key, row);
      }
      return row;
    },
    forget() {
      epoch += 1;
      rows.clear();
    },
  };
}
