import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_TABLE_TITLES,
  IMPORT_PREVIEW_MINUTES,
  IMPORT_PREVIEWS_KEPT,
  createUnitMatcher,
  matchColumns,
  moneyToString,
  priceToString,
  planMeasurementsImport,
  planPillsImport,
  planStaffImport,
  readMeasurementRows,
  readPillRows,
  readStaffRows,
  type ColumnMatch,
  type ImportColumns,
  type ImportCounts,
  type ImportPreview,
  type ImportResult,
  type ImportTable,
  type LastImport,
  type SheetCell,
  type SheetRow,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { recordActivity } from '../activity/record-activity';
import { AppError } from '../../lib/app-error';
import { ForeignKeyViolationError, UniqueViolationError } from '../../lib/db-errors';
import { newIdentifier } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import type { ImportsRepository, Owner, PillChange, SalaryChange } from './imports.repository';
import { FILE_MESSAGES } from './spreadsheet-file';
import type { SpreadsheetReader } from './spreadsheet-pool';
import { tableWorkbook } from './spreadsheet-export';

export const IMPORT_MESSAGES = {
  badColumn: 'Обраний стовпець відсутній у файлі.',
  notFound: `Перегляд імпорту не знайдено: його час минув або після нього переглянуто ще ${IMPORT_PREVIEWS_KEPT} файлів. Завантажте файл ще раз.`,
  confirmUnits: (units: readonly string[]) =>
    `Підтвердіть створення нових одиниць виміру: ${units.join(', ')}.`,
  changedMeanwhile:
    'Поки ви переглядали файл, таблицю змінено, тож імпорт не застосовано. Завантажте файл ще раз.',
  applied: (counts: ImportCounts, excluded = 0) =>
    `Імпорт застосовано: оновлено ${counts.updated}, додано ${counts.added}${
      excluded > 0 ? `; не застосовано за вашим вибором: ${excluded}` : ''
    }.`,
  notExcludable: (lines: readonly number[]) =>
    `Рядки ${lines.join(', ')} імпорт не оновлює й не додає, тож виключити їх неможливо. Перегляньте файл ще раз.`,
  allExcluded: 'Усі рядки, які імпорт змінює, виключено: застосовувати нічого.',
  nothingToUndo: 'Немає імпорту, який можна скасувати.',
  changedSinceImport: 'Після імпорту ці дані вже змінено, тож скасувати його неможливо.',
  unitInUse:
    'Одиницю виміру, створену імпортом, уже використовує матеріал, тож імпорт скасувати неможливо.',
  undone: 'Останній імпорт скасовано.',
} as const;

/** How many leading rows may hold a title above the header (an accounting export often starts with one). */
const HEADER_SEARCH_ROWS = 20;

const headerText = (cell: SheetCell | undefined) =>
  cell === null || cell === undefined ? '' : String(cell).trim();

/**
 * The header row: among the first rows, the one where the most fields are found (the first on a tie), so a
 * title line above the table is skipped. Answers the headers, the column match and the data rows after it.
 */
function locateHeader(table: ImportTable, rows: readonly SheetRow[], picked: ImportColumns) {
  let best: { index: number; headers: string[]; match: ColumnMatch } | undefined;
  for (const [index, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const headers = row.cells.map(headerText);
    const match = matchColumns(table, headers, picked);
    const found = Object.values(match.columns).filter((column) => column !== null).length;
    const bestFound = best
      ? Object.values(best.match.columns).filter((column) => column !== null).length
      : -1;
    if (found > bestFound) best = { index, headers, match };
  }
  if (!best) return undefined;
  return { ...best, data: rows.slice(best.index + 1) };
}

/**
 * What the apply of each table runs (stored with the preview as JSON). Each write carries the file's `line`, so
 * the apply can leave out the rows the user excluded (issue 33).
 */
type StoredPlan =
  | {
      kind: 'staff';
      updates: (SalaryChange & { line?: number })[];
      inserts: {
        line?: number;
        qualification: string;
        category: string;
        scientificDegree: string;
        salary: string;
      }[];
    }
  | {
      kind: 'pills';
      newUnits: string[];
      updates: {
        line?: number;
        id: number;
        from: { measurementId: number; price: string };
        unit: string;
        price: string;
      }[];
      inserts: { line?: number; name: string; unit: string; price: string }[];
    }
  | { kind: 'measurements'; inserts: (string | { line?: number; name: string })[] };

/** The lines of a stored plan's writes (a preview stored before issue 33 has none). */
function planLines(stored: StoredPlan): Set<number> {
  const writes: readonly (string | { line?: number })[] =
    stored.kind === 'measurements' ? stored.inserts : [...stored.updates, ...stored.inserts];
  const lines = new Set<number>();
  for (const write of writes)
    if (typeof write !== 'string' && write.line !== undefined) lines.add(write.line);
  return lines;
}

/**
 * The stored plan without the writes of the `excluded` lines; for materials also without the new units only
 * those lines used. The counts say what is left.
 */
function withoutLines(
  stored: StoredPlan,
  counts: ImportCounts,
  excluded: ReadonlySet<number>,
): { stored: StoredPlan; counts: ImportCounts } {
  if (excluded.size === 0) return { stored, counts };
  const kept = <T extends string | { line?: number }>(writes: readonly T[]) =>
    writes.filter(
      (write) => typeof write === 'string' || write.line === undefined || !excluded.has(write.line),
    );
  if (stored.kind === 'measurements') {
    const inserts = kept(stored.inserts);
    return { stored: { ...stored, inserts }, counts: { ...counts, added: inserts.length } };
  }
  if (stored.kind === 'staff') {
    const updates = kept(stored.updates);
    const inserts = kept(stored.inserts);
    return {
      stored: { ...stored, updates, inserts },
      counts: { ...counts, updated: updates.length, added: inserts.length },
    };
  }
  const updates = kept(stored.updates);
  const inserts = kept(stored.inserts);
  const used = createUnitMatcher(
    [...updates.map((write) => write.unit), ...inserts.map((write) => write.unit)].map((name) => ({
      name,
    })),
  );
  return {
    stored: {
      ...stored,
      updates,
      inserts,
      newUnits: stored.newUnits.filter((name) => used(name) !== undefined),
    },
    counts: { ...counts, updated: updates.length, added: inserts.length },
  };
}

/** What undoes an applied import (stored with it as JSON). */
interface StoredUndo {
  salaries?: SalaryChange[];
  pills?: PillChange[];
  insertedIds: number[];
  createdUnitIds?: number[];
}

const EMPTY_COUNTS: ImportCounts = { updated: 0, added: 0, unchanged: 0, refused: 0 };

/**
 * Spreadsheet import and export of the reference tables (issue 20). The preview reads the file, matches its
 * columns, reads and checks every row (domain `read…Rows`), diffs it with the table (domain `plan…Import`) and
 * stores the writes; nothing else changes. The apply runs the stored writes in one transaction, each checked
 * against the value the preview saw (a row changed meanwhile rolls everything back, 409), and keeps the previous
 * values so the import can be undone until the next import of that table.
 */
export function createImportsService(deps: {
  importsRepository: ImportsRepository;
  runInTransaction: RunInTransaction;
  /** Reads the uploaded files off the event loop (spreadsheet-pool.ts). */
  spreadsheets: SpreadsheetReader;
  now?: () => Date;
}) {
  const { importsRepository: repo, runInTransaction, spreadsheets } = deps;
  const now = deps.now ?? (() => new Date());

  /** Works out the plan of one table from the data rows: the preview's parts and the writes to store. */
  async function planFor(
    owner: Owner,
    table: ImportTable,
    rows: SheetRow[],
    columns: ColumnMatch['columns'],
  ) {
    if (table === 'staff') {
      if (owner === null) throw new Error('the staffing table has no template-level import');
      const tableRows = await repo.staffTable(owner);
      const plan = planStaffImport(readStaffRows(rows, columns), tableRows);
      const stored: StoredPlan = {
        kind: 'staff',
        updates: plan.updates.map((update) => ({
          line: update.line,
          id: update.id,
          from: moneyToString(update.oldSalary),
          to: moneyToString(update.salary),
        })),
        inserts: plan.inserts.map((row) => ({
          line: row.line,
          qualification: row.qualification,
          category: row.category,
          scientificDegree: row.scientific_degree,
          salary: moneyToString(row.salary),
        })),
      };
      return { plan, stored };
    }
    if (table === 'pills') {
      const [tableRows, units] = await Promise.all([
        repo.pillTable(owner),
        repo.visibleUnits(owner),
      ]);
      const unitIds = new Map(tableRows.map((row) => [row.id, row.measurementId]));
      const plan = planPillsImport(readPillRows(rows, columns), tableRows, units);
      const stored: StoredPlan = {
        kind: 'pills',
        newUnits: plan.newUnits,
        updates: plan.updates.map((update) => ({
          line: update.line,
          id: update.id,
          from: {
            measurementId: unitIds.get(update.id) ?? 0,
            price: priceToString(update.old.price),
          },
          unit: update.new.measurementType,
          price: priceToString(update.new.price),
        })),
        inserts: plan.inserts.map((row) => ({
          line: row.line,
          name: row.name,
          unit: row.measurementType,
          price: priceToString(row.price),
        })),
      };
      return { plan, stored };
    }
    const plan = planMeasurementsImport(
      readMeasurementRows(rows, columns),
      await repo.visibleUnits(owner),
    );
    const stored: StoredPlan = {
      kind: 'measurements',
      inserts: plan.inserts.map((row) => ({ line: row.line, name: row.name })),
    };
    return { plan, stored };
  }

  /** Runs a stored plan in `tx`; answers what undoes it. Throws CONFLICT when a row changed since the preview. */
  async function runPlan(owner: Owner, stored: StoredPlan, tx: Executor): Promise<StoredUndo> {
    const conflict = () => new AppError('CONFLICT', IMPORT_MESSAGES.changedMeanwhile);
    try {
      if (stored.kind === 'staff') {
        if (owner === null) throw new Error('the staffing table has no template-level import');
        if ((await repo.changeSalaries(owner, stored.updates, tx)) !== stored.updates.length)
          throw conflict();
        const insertedIds = await repo.insertStaff(owner, stored.inserts, tx);
        return {
          salaries: stored.updates.map((change) => ({
            id: change.id,
            from: change.to,
            to: change.from,
          })),
          insertedIds,
        };
      }
      if (stored.kind === 'measurements') {
        const names = stored.inserts.map((write) =>
          typeof write === 'string' ? write : write.name,
        );
        return {
          insertedIds: (await repo.insertUnits(owner, names, tx)).map((unit) => unit.id),
        };
      }
      // Units are found as the preview found them: by name, else by a common spelling («кг» for «кілограм»).
      const visible = await repo.visibleUnits(owner, tx);
      const findVisible = createUnitMatcher(visible);
      const missingUnits = stored.newUnits.filter((name) => findVisible(name) === undefined);
      const createdUnits = await repo.insertUnits(owner, missingUnits, tx);
      const findUnit = createUnitMatcher([...visible, ...createdUnits]);
      const unitId = (name: string) => {
        const id = findUnit(name)?.id;
        if (id === undefined) throw conflict();
        return id;
      };
      const changes: PillChange[] = stored.updates.map((update) => ({
        id: update.id,
        from: update.from,
        to: { measurementId: unitId(update.unit), price: update.price },
      }));
      if ((await repo.changePills(owner, changes, tx)) !== changes.length) throw conflict();
      const insertedIds = await repo.insertPills(
        owner,
        stored.inserts.map((row) => ({
          name: row.name,
          measurementId: unitId(row.unit),
          price: row.price,
        })),
        tx,
      );
      return {
        pills: changes.map((change) => ({ id: change.id, from: change.to, to: change.from })),
        insertedIds,
        createdUnitIds: createdUnits.map((unit) => unit.id),
      };
    } catch (error) {
      if (error instanceof UniqueViolationError || error instanceof ForeignKeyViolationError)
        throw conflict();
      throw error;
    }
  }

  return {
    /**
     * Reads a file and answers what importing it would do; stores the plan unless columns are missing. The file's
     * place in the spreadsheet reader is taken before `upload` reads the request body (issue 34), and given back
     * once the file is read.
     */
    async preview(
      owner: Owner,
      table: ImportTable,
      upload: () => Promise<{
        file: { buffer: Buffer; fileName: string };
        columns: ImportColumns;
      }>,
    ): Promise<ImportPreview> {
      const place = spreadsheets.admit(owner === null ? 'template' : `company ${owner}`);
      let file: { buffer: Buffer; fileName: string };
      let picked: ImportColumns;
      let sheet: Awaited<ReturnType<typeof place.read>>;
      try {
        ({ file, columns: picked } = await upload());
        sheet = await place.read(file.buffer, file.fileName);
      } finally {
        place.release();
      }
      const located = locateHeader(table, sheet.rows, picked);
      if (!located) throw AppError.field('file', FILE_MESSAGES.empty);
      for (const index of Object.values(picked)) {
        if (index !== null && index !== undefined && index >= located.headers.length)
          throw AppError.field('columns', IMPORT_MESSAGES.badColumn);
      }
      const fields = IMPORT_FIELDS[table].map((field) => ({
        field,
        label: IMPORT_FIELD_LABELS[field],
      }));
      const base = {
        table,
        fileName: file.fileName,
        headers: located.headers,
        fields,
        columns: located.match.columns,
        missingColumns: located.match.missing,
      };
      if (located.match.missing.length > 0) {
        return {
          ...base,
          importId: null,
          counts: EMPTY_COUNTS,
          updated: [],
          added: [],
          refused: [],
          skipped: [],
          newUnits: [],
          expiresAt: null,
        };
      }
      if (located.data.length === 0) throw AppError.field('file', FILE_MESSAGES.empty);
      const { plan, stored } = await planFor(owner, table, located.data, located.match.columns);
      const at = now();
      const expiresAt = new Date(at.getTime() + IMPORT_PREVIEW_MINUTES * 60_000);
      const importId = newIdentifier();
      await repo.purgeExpired(at);
      await repo.insertImport({
        identifier: importId,
        companyId: owner,
        tableName: table,
        fileName: file.fileName,
        status: 'preview',
        counts: plan.counts,
        plan: stored,
        expiresAt,
      });
      // A bounded number per company (issue 34): the oldest previews give way to this one.
      await repo.keepNewestPreviews(owner, IMPORT_PREVIEWS_KEPT);
      return {
        ...base,
        importId,
        counts: plan.counts,
        updated: plan.updated,
        added: plan.added,
        refused: plan.refused,
        skipped: plan.skipped,
        newUnits: plan.newUnits,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * Applies a stored preview in one transaction: all of it or nothing, but for the rows the user excluded
     * (`excludedLines`, lines of the preview's updated or added rows; issue 33).
     */
    async apply(
      owner: Owner,
      table: ImportTable,
      importId: string,
      input: { createUnits: boolean; excludedLines?: readonly number[] },
    ): Promise<ImportResult> {
      return runInTransaction(async (tx) => {
        const record = await repo.findForUpdate(owner, table, importId, tx);
        if (!record || record.status !== 'preview' || record.expiresAt <= now())
          throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
        const excluded = new Set(input.excludedLines ?? []);
        const lines = planLines(record.plan as StoredPlan);
        const unknown = [...excluded].filter((line) => !lines.has(line)).sort((a, b) => a - b);
        if (unknown.length > 0)
          throw AppError.field('excludedLines', IMPORT_MESSAGES.notExcludable(unknown));
        const { stored, counts } = withoutLines(record.plan as StoredPlan, record.counts, excluded);
        if (excluded.size > 0 && counts.updated + counts.added === 0)
          throw AppError.field('excludedLines', IMPORT_MESSAGES.allExcluded);
        if (stored.kind === 'pills' && stored.newUnits.length > 0 && !input.createUnits)
          throw AppError.field('createUnits', IMPORT_MESSAGES.confirmUnits(stored.newUnits));
        await repo.supersede(owner, table, tx);
        const undo = await runPlan(owner, stored, tx);
        await repo.markApplied(record.id, undo, now(), tx, counts);
        if (owner !== null)
          await recordActivity(tx, owner, {
            kind: 'import',
            subject: record.fileName,
            changes: [
              { field: 'Таблиця', from: null, to: IMPORT_TABLE_TITLES[table] },
              { field: 'Оновлено', from: null, to: String(counts.updated) },
              { field: 'Додано', from: null, to: String(counts.added) },
              ...(excluded.size > 0
                ? [{ field: 'Виключено', from: null, to: String(excluded.size) }]
                : []),
            ],
          });
        return {
          message: IMPORT_MESSAGES.applied(counts, excluded.size),
          counts,
          createdUnits: undo.createdUnitIds?.length ?? 0,
        };
      });
    },

    /** The table's applied import that can still be undone. */
    async last(owner: Owner, table: ImportTable): Promise<LastImport> {
      const record = await repo.lastApplied(owner, table);
      if (!record?.appliedAt) return { last: null };
      const undo = record.undo as StoredUndo | null;
      return {
        last: {
          importId: record.identifier,
          fileName: record.fileName,
          appliedAt: record.appliedAt.toISOString(),
          counts: record.counts,
          createdUnits: undo?.createdUnitIds?.length ?? 0,
        },
      };
    },

    /**
     * Undoes the table's last applied import in one transaction: restores the previous values (only where the
     * import's value is still there; otherwise nothing is undone, 409) and deletes the rows and units it added.
     */
    async undo(owner: Owner, table: ImportTable): Promise<ImportResult> {
      return runInTransaction(async (tx) => {
        const record = await repo.lastApplied(owner, table, tx, true);
        if (!record) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.nothingToUndo);
        const undo = record.undo as StoredUndo;
        const changedMeanwhile = () => new AppError('CONFLICT', IMPORT_MESSAGES.changedSinceImport);
        try {
          if (undo.salaries && owner !== null) {
            if ((await repo.changeSalaries(owner, undo.salaries, tx)) !== undo.salaries.length)
              throw changedMeanwhile();
          }
          if (undo.pills && (await repo.changePills(owner, undo.pills, tx)) !== undo.pills.length)
            throw changedMeanwhile();
          await repo.deleteRows(table, owner, undo.insertedIds, tx);
          if (undo.createdUnitIds) await repo.deleteRows('units', owner, undo.createdUnitIds, tx);
        } catch (error) {
          if (error instanceof ForeignKeyViolationError)
            throw new AppError('CONFLICT', IMPORT_MESSAGES.unitInUse);
          throw error;
        }
        await repo.markUndone(record.id, tx);
        return {
          message: IMPORT_MESSAGES.undone,
          counts: record.counts,
          createdUnits: undo.createdUnitIds?.length ?? 0,
        };
      });
    },

    /** The table as an XLSX workbook in the import's columns; `empty` writes only the header (the template). */
    async workbook(
      owner: Owner,
      table: ImportTable,
      empty: boolean,
    ): Promise<{ fileName: string; xlsx: Buffer }> {
      if (empty) return tableWorkbook(table, owner === null, [], true);
      if (table === 'staff') {
        if (owner === null) throw new Error('the staffing table has no template level');
        return tableWorkbook(table, false, await repo.staffTable(owner));
      }
      if (table === 'pills')
        return tableWorkbook(table, owner === null, await repo.pillTable(owner));
      return tableWorkbook(table, owner === null, await repo.ownUnits(owner));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
