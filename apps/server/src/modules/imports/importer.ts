import type {
  ColumnMatch,
  ImportCounts,
  ImportPlan,
  SheetRow,
  StoredImportPlan,
  StoredImportUndo,
} from '@medcalc/domain';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Owner } from '../../lib/bulk-rows';

/** A preview's plan: what the preview shows, and the writes to store for the apply. */
export interface PlannedImport<Stored> {
  plan: ImportPlan<unknown, unknown>;
  stored: Stored;
}

/**
 * How one table is imported, exported and undone (issue 20): the imports service runs the same steps for every
 * table and asks the table's importer for its part. `Stored` is the plan stored with a preview, parsed with
 * `schema` (a domain schema) whenever it is read back. Each importer writes its table through the port of the
 * table's owner module (staff, pills, measurements), never the table itself.
 */
export interface TableImporter<Stored> {
  schema: z.ZodType<Stored>;
  /** Works out the plan from the file's data rows against the table as it is. */
  plan(
    owner: Owner,
    rows: SheetRow[],
    columns: ColumnMatch['columns'],
  ): Promise<PlannedImport<Stored>>;
  /** The file lines of the plan's writes (the lines the user may exclude). */
  lines(stored: Stored): Set<number>;
  /** The plan without the writes of `excluded` lines, with the counts of what is left. */
  without(
    stored: Stored,
    counts: ImportCounts,
    excluded: ReadonlySet<number>,
  ): { stored: Stored; counts: ImportCounts };
  /** The units the apply would create (materials only), which the user confirms first. */
  newUnits(stored: Stored): string[];
  /** Runs the plan in `tx`; answers what undoes it. Throws `conflict()` when a row changed since the preview. */
  run(owner: Owner, stored: Stored, tx: Executor, conflict: () => Error): Promise<StoredImportUndo>;
  /** Restores what `undo` keeps in `tx`; throws `changed()` when a row changed since the import. */
  undo(owner: Owner, undo: StoredImportUndo, tx: Executor, changed: () => Error): Promise<void>;
  /** The owner's rows as the export writes them. */
  exportRows(owner: Owner): Promise<readonly object[]>;
}

/**
 * An importer over any table's stored plan, as the repository reads it back (domain `storedImportPlanSchema`):
 * checked to be its own table's plan before each use.
 */
export type Importer = Omit<TableImporter<StoredImportPlan>, 'schema'>;

/** `importer` over stored plans read back from the database: each is parsed with the importer's schema. */
export function parsingStored<Stored extends StoredImportPlan>(
  importer: TableImporter<Stored>,
): Importer {
  const parse = (stored: StoredImportPlan) => importer.schema.parse(stored);
  return {
    plan: (owner, rows, columns) => importer.plan(owner, rows, columns),
    lines: (stored) => importer.lines(parse(stored)),
    without: (stored, counts, excluded) => importer.without(parse(stored), counts, excluded),
    newUnits: (stored) => importer.newUnits(parse(stored)),
    run: (owner, stored, tx, conflict) => importer.run(owner, parse(stored), tx, conflict),
    undo: (owner, undo, tx, changed) => importer.undo(owner, undo, tx, changed),
    exportRows: (owner) => importer.exportRows(owner),
  };
}

/** The lines of `writes` (a preview stored before issue 33 has none; its units plan lists bare names). */
export function linesOf(writes: readonly (string | { line?: number | undefined })[]): Set<number> {
  const lines = new Set<number>();
  for (const write of writes)
    if (typeof write !== 'string' && write.line !== undefined) lines.add(write.line);
  return lines;
}

/** `writes` without those of the `excluded` lines. */
export function keptWrites<T extends string | { line?: number | undefined }>(
  writes: readonly T[],
  excluded: ReadonlySet<number>,
): T[] {
  return writes.filter(
    (write) => typeof write === 'string' || write.line === undefined || !excluded.has(write.line),
  );
}

type LinedWrite = { line?: number | undefined };

/** The part of the materials' and the staffing table's importers over a plan of updates and inserts. */
export const updatesAndInserts = {
  /** The file lines of the plan's updates and inserts. */
  lines: (stored: { updates: readonly LinedWrite[]; inserts: readonly LinedWrite[] }) =>
    linesOf([...stored.updates, ...stored.inserts]),

  /** The plan without the updates and inserts of `excluded` lines; `updated` and `added` count what is left. */
  without<Stored extends { updates: readonly LinedWrite[]; inserts: readonly LinedWrite[] }>(
    stored: Stored,
    counts: ImportCounts,
    excluded: ReadonlySet<number>,
  ): { stored: Stored; counts: ImportCounts } {
    const updates = keptWrites(stored.updates, excluded);
    const inserts = keptWrites(stored.inserts, excluded);
    return {
      stored: { ...stored, updates, inserts },
      counts: { ...counts, updated: updates.length, added: inserts.length },
    };
  },
};

/** The company of `owner`, for a table with no template level: only a company imports it. */
export function companyOnly(owner: Owner, table: string): number {
  if (owner === null) throw new Error(`${table} has no template-level import`);
  return owner;
}

/** A stored change of one row's value(s). */
type RowChange<Value> = { id: number; from: Value; to: Value };

/** What undoes `changes`: each row changed back from what it became to what it was. */
export function reversed<Value>(changes: readonly RowChange<Value>[]): RowChange<Value>[] {
  return changes.map((change) => ({ id: change.id, from: change.to, to: change.from }));
}

/**
 * Makes `changes` (none: nothing) with `change`, which answers how many rows it changed; throws `failed()`
 * unless it changed every one (a row changed since the preview or the import).
 */
export async function changeEvery<Change>(
  changes: readonly Change[] | undefined,
  change: (changes: readonly Change[]) => Promise<number>,
  failed: () => Error,
): Promise<void> {
  if (changes && (await change(changes)) !== changes.length) throw failed();
}

/**
 * A company-only table's port for its import (the staffing table's, the equipment register's): its rows as the
 * planner reads them, and its bulk writes in the caller's transaction. `changeRows` answers how many rows it changed
 * (a row changed since the preview is not).
 */
export interface CompanyTableStore<Row, Change, Insert> {
  tableRows(companyId: number): Promise<readonly Row[]>;
  changeRows(companyId: number, changes: readonly Change[], tx: Executor): Promise<number>;
  insertRows(companyId: number, rows: readonly Insert[], tx: Executor): Promise<number[]>;
  deleteRows(companyId: number, ids: readonly number[], tx: Executor): Promise<void>;
}

/** The stored undo's keys that hold a table's changed rows. */
type UndoChanges = 'salaries' | 'equipment';

/**
 * How a company-only table's preview plans (`plan`, the domain's planner over the file's rows and the company's
 * table) and what it stores of each write: an update as the row's values before and after (`change`), an insert as
 * the new row's values (`insert`).
 */
export interface CompanyTablePlanning<Row, Update, NewRow, Value, Insert> {
  plan(
    rows: SheetRow[],
    columns: ColumnMatch['columns'],
    table: readonly Row[],
  ): ImportPlan<Update, NewRow>;
  change(update: Update): { from: Value; to: Value };
  insert(row: NewRow): Insert;
}

/**
 * The steps of the importer of a company-only table whose plan is updates and inserts (the staffing table, the
 * equipment register): the preview's plan against the company's table, stored as `kind` with each write's file
 * line (an update also with its row's id), and apply, undo and export through the table's `store`, the undo's
 * changes kept under `undoKey`. `table` names the table in the error of a template-level call, which no route
 * makes.
 */
export function companyTableSteps<
  Kind extends string,
  Row,
  Update extends { line: number; id: number },
  NewRow extends { line: number },
  Value,
  Insert,
>(
  kind: Kind,
  table: string,
  undoKey: UndoChanges,
  store: CompanyTableStore<Row, RowChange<Value>, Insert>,
  planning: CompanyTablePlanning<Row, Update, NewRow, Value, Insert>,
) {
  type Change = RowChange<Value>;
  const companyOf = (owner: Owner) => companyOnly(owner, table);
  return {
    async plan(owner: Owner, rows: SheetRow[], columns: ColumnMatch['columns']) {
      const plan = planning.plan(rows, columns, await store.tableRows(companyOf(owner)));
      const stored = {
        kind,
        updates: plan.updates.map((update) => ({
          line: update.line,
          id: update.id,
          ...planning.change(update),
        })),
        inserts: plan.inserts.map((row) => ({ line: row.line, ...planning.insert(row) })),
      };
      return { plan, stored };
    },
    lines: updatesAndInserts.lines,
    without: updatesAndInserts.without,
    newUnits: (): string[] => [],

    async run(
      owner: Owner,
      stored: { updates: readonly Change[]; inserts: readonly (Insert & LinedWrite)[] },
      tx: Executor,
      conflict: () => Error,
    ): Promise<StoredImportUndo> {
      const companyId = companyOf(owner);
      await changeEvery(
        stored.updates,
        (changes) => store.changeRows(companyId, changes, tx),
        conflict,
      );
      const insertedIds = await store.insertRows(
        companyId,
        stored.inserts.map(({ line: _line, ...values }) => values as Insert),
        tx,
      );
      // The stored undo's schema holds each table's changes under its own key.
      return { [undoKey]: reversed(stored.updates), insertedIds } as StoredImportUndo;
    },

    async undo(owner: Owner, undo: StoredImportUndo, tx: Executor, changed: () => Error) {
      const companyId = companyOf(owner);
      await changeEvery(
        undo[undoKey] as readonly Change[] | undefined,
        (changes) => store.changeRows(companyId, changes, tx),
        changed,
      );
      await store.deleteRows(companyId, undo.insertedIds, tx);
    },

    exportRows: async (owner: Owner): Promise<readonly Row[]> => store.tableRows(companyOf(owner)),
  };
}
