import {
  PGlite,
  types,
  type ParserOptions,
  type PGliteOptions,
  type QueryOptions,
  type Transaction,
} from '@electric-sql/pglite';
import { fsyncSync, mkdirSync } from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { DatabaseUnavailableError } from '../lib/db-errors';
import type { QueryFaults } from './query-faults';

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

/** How many distinct statements the client keeps prepared in the database (see {@link openPgliteForDrizzle}). */
export const PGLITE_PREPARED_LIMIT = 64;

/**
 * Most parameters a prepared SELECT may have: a query over a list of ids (`in ($1, $2, …)`) has a new text for each
 * length of the list and is left to the plain path.
 */
const PREPARED_MAX_PARAMS = 4;
/** Most SQL texts remembered as seen once; beyond it, new texts are not considered for preparing. */
const SEEN_LIMIT = 1000;

/** A SELECT whose every parameter is a safe integer: it can run as `EXECUTE name(1, 2)` without quoting. */
const preparable = (text: string, params: readonly unknown[] | undefined): params is number[] =>
  params !== undefined &&
  params.length > 0 &&
  params.length <= PREPARED_MAX_PARAMS &&
  params.every((param) => typeof param === 'number' && Number.isSafeInteger(param)) &&
  /^\s*select\b/i.test(text);

/**
 * PGlite's folder storage with durable commits (issue 40). PGlite 0.5 starts PostgreSQL with `-F` (fsync off),
 * and Emscripten's NODEFS gives a file no `fsync` (an `fsync()` of PostgreSQL's returns without touching the disk;
 * `fdatasync()` is a stub that answers 0). Here a file's `fsync` calls Node's `fsyncSync` on its descriptor, and
 * PostgreSQL runs with fsync on and `wal_sync_method=fsync`: a commit returns only after its WAL is on the disk,
 * checkpoints sync the table files, as on a PostgreSQL server. docs/decisions.md "Durable commits".
 */
class SyncedNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    type Stream = { nfd?: number };
    type Nodefs = {
      stream_ops: { fsync?: (stream: Stream) => number };
      tryFSOperation: (work: () => void) => void;
    };
    const preRun = (module: { NODEFS: Nodefs }) => {
      const nodefs = module.NODEFS;
      // A failing fsync becomes PostgreSQL's errno (tryFSOperation), so it sees the error, never a lost write.
      nodefs.stream_ops.fsync = (stream) => {
        const fd = stream.nfd;
        if (typeof fd === 'number') nodefs.tryFSOperation(() => fsyncSync(fd));
        return 0;
      };
    };
    const options = result.emscriptenOpts as { preRun?: unknown[] };
    options.preRun = [...(options.preRun ?? []), preRun];
    return result;
  }
}

/** PGlite's own start parameters without `-F` (fsync off), and WAL synced with fsync (see {@link SyncedNodeFS}). */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/**
 * Opens PGlite on `dataDir`: a folder with durable commits ({@link SyncedNodeFS}), or `memory://` as it is.
 * `durable: false` (the HTTP tests' throwaway copies only) keeps PGlite's own unsynced start.
 */
export function openPglite(
  dataDir: string,
  options: Omit<PGliteOptions, 'dataDir' | 'fs'> = {},
  durable = true,
) {
  if (!durable || dataDir.startsWith('memory://')) return PGlite.create(dataDir, options);
  // NodeFS makes the folder itself only when its parent exists (a fresh DATA_DIR has none yet).
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...options,
    fs: new SyncedNodeFS(dataDir),
    startParams: DURABLE_START_PARAMS,
  });
}

/**
 * Opens embedded PGlite for Drizzle. Drizzle's PGlite driver passes its own `parsers` with every query, and PGlite
 * merges them with its ~100 default parsers per query (an object spread that cost about 0.3 ms of a 1 ms list
 * query, measured in docs/performance.md "Orders list"). Here the client is created with those parsers as its
 * defaults, and the client handed to Drizzle drops a query's `parsers` when they ask for nothing more: the same
 * rows, without the per-query merge. Anything else (transactions, exec, close) goes to the client itself.
 *
 * Prepared statements: PGlite's driver parses and plans every query again (Drizzle's `.prepare(name)` keeps only
 * its SQL text). A SELECT outside a transaction whose parameters are all safe integers (a company's or an order's
 * id) is, from its second run, prepared once in the database (`PREPARE medcalc_pN AS …`) and run as
 * `EXECUTE medcalc_pN(42)`: the integers are written as literals, so nothing is quoted, and Postgres keeps the
 * plan. At most {@link PGLITE_PREPARED_LIMIT} statements are prepared (those keep being used once the limit is
 * reached) and only texts of up to {@link PREPARED_MAX_PARAMS} parameters; a text that cannot be prepared, or whose
 * EXECUTE fails (a table changed under the plan, or an error of the data, which the plain query then reports), runs
 * as written from then on.
 */
export async function openPgliteForDrizzle(dataDir: string, faults?: QueryFaults, durable = true) {
  const client = await openPglite(
    dataDir,
    { parsers: Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, asText])) },
    durable,
  );
  const plainQuery = (text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.parsers && onlyDrizzleTextParsers(options.parsers)) {
      const { parsers: _same, ...rest } = options;
      return client.query(text, params, rest);
    }
    return client.query(text, params, options);
  };
  // SQL text → the prepared statement's name; `seen` once run; `null` when it is not to be prepared.
  const statements = new Map<string, string | 'seen' | null>();
  let prepared = 0;
  const query = async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!preparable(text, params)) return plainQuery(text, params, options);
    const known = statements.get(text);
    if (known === undefined) {
      if (statements.size < SEEN_LIMIT) statements.set(text, 'seen');
      return plainQuery(text, params, options);
    }
    // The limit bounds new statements only: the ones prepared stay in use.
    if (known === null || (known === 'seen' && prepared >= PGLITE_PREPARED_LIMIT)) {
      return plainQuery(text, params, options);
    }
    let name = known;
    if (name === 'seen') {
      // The name is taken before the PREPARE runs, and the text meanwhile runs as written (`null`), so two
      // queries at once never prepare under one name.
      prepared += 1;
      name = `medcalc_p${prepared}`;
      statements.set(text, null);
      try {
        await client.query(`PREPARE ${name} AS ${text}`);
      } catch {
        return plainQuery(text, params, options);
      }
      statements.set(text, name);
    }
    try {
      return await plainQuery(`EXECUTE ${name}(${params.join(', ')})`, [], options);
    } catch {
      // A plan the database can no longer use (e.g. a table's columns changed) — or any other error: the
      // statement is dropped and the query runs as written, which reports a real error again.
      statements.set(text, null);
      await client.query(`DEALLOCATE ${name}`).catch(() => undefined);
      return plainQuery(text, params, options);
    }
  };
  // A query on a closed database fails with PGlite's own error, which has no code, and a crashed engine with the
  // WebAssembly runtime's: the closed state and that class, not the text, make it a DatabaseUnavailableError.
  const translate = (error: unknown) =>
    (client.closed || error instanceof WebAssembly.RuntimeError) &&
    !(error instanceof DatabaseUnavailableError)
      ? new DatabaseUnavailableError(error)
      : error;
  type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
  /** `run` with the test seam before it and the translation after it. */
  const guard =
    <Q extends Query>(run: Q) =>
    async (text: string, params?: unknown[], options?: QueryOptions) => {
      try {
        const fault = faults?.next(text);
        if (fault) throw fault;
        return (await run(text, params, options)) as Awaited<ReturnType<Q>>;
      } catch (error) {
        throw translate(error);
      }
    };
  // The quiet moment of an online backup (issue 40, {@link quiesce}): while `gate` is set, new queries and
  // transactions wait for it; `inFlight` counts those running (a transaction for its whole length).
  let gate: Promise<void> | undefined;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const admitted = async <T>(work: () => Promise<T>): Promise<T> => {
    while (gate) await gate;
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    }
  };
  /**
   * Runs `work` on the client while no query or transaction of the app runs: new ones wait, the running ones are
   * finished first. What `work` reads is then exactly what every acknowledged write left, and nothing half done.
   */
  const quiesce = async <T>(work: (pglite: PGlite) => Promise<T>): Promise<T> => {
    while (gate) await gate;
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    try {
      while (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      return await work(client);
    } finally {
      gate = undefined;
      drained = undefined;
      open();
    }
  };
  const plainGuarded = guard(query);
  const guardedQuery = (text: string, params?: unknown[], options?: QueryOptions) =>
    admitted(() => plainGuarded(text, params, options));
  // Drizzle's transactions query through PGlite's transaction object: the same seam and translation there.
  const guardedTransaction = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> =>
    admitted(() => runTransaction(work));
  const runTransaction = async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
    try {
      return await client.transaction((tx) =>
        work(
          new Proxy(tx, {
            get(target, property) {
              if (property !== 'query') return Reflect.get(target, property, target);
              return guard((text, params, options) => target.query(text, params, options));
            },
          }),
        ),
      );
    } catch (error) {
      throw translate(error);
    }
  };
  const forDrizzle = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return guardedQuery;
      if (property === 'transaction') return guardedTransaction;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields, so they must run on the client itself, not on the proxy.
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return { client, forDrizzle, quiesce };
}
