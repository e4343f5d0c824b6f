import { PGlite, types, type ParserOptions, type QueryOptions } from '@electric-sql/pglite';

/**
 * The types drizzle-orm's PGlite driver (0.45) reads as the database's text, and maps itself: timestamps, dates,
 * intervals, and arrays of numeric, timestamp, timestamptz, interval and date.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES);
const asText = (value: string) => value;

/** True when `parsers` only asks for text on the types above, which the client already does by default. */
const onlyDrizzleTextParsers = (parsers: ParserOptions) =>
  Object.keys(parsers).every((key) => TEXT_TYPES.has(Number(key)));

/**
 * Opens embedded PGlite for Drizzle. Drizzle's PGlite driver passes its own `parsers` with every query, and PGlite
 * merges them with its ~100 default parsers per query (an object spread that cost about 0.3 ms of a 1 ms list
 * query, measured in docs/performance.md "Orders list"). Here the client is created with those parsers as its
 * defaults, and the client handed to Drizzle drops a query's `parsers` when they ask for nothing more: the same
 * rows, without the per-query merge. Anything else (transactions, exec, close) goes to the client itself.
 */
export async function openPgliteForDrizzle(dataDir: string) {
  const client = await PGlite.create(dataDir, {
    parsers: Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, asText])),
  });
  const query = (text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.parsers && onlyDrizzleTextParsers(options.parsers)) {
      const { parsers: _same, ...rest } = options;
      return client.query(text, params, rest);
    }
    return client.query(text, params, options);
  };
  const forDrizzle = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields, so they must run on the client itself, not on the proxy.
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return { client, forDrizzle };
}
