import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_TABLE_TITLES,
  IMPORT_PREVIEW_MINUTES,
  IMPORT_PREVIEWS_KEPT,
  matchColumns,
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
import { recordOwned, type ActivityLog } from '../activity/activity-log';
import type { Actor } from '../../lib/company-scope';
import { AppError } from '../../lib/app-error';
import { ForeignKeyViolationError, UniqueViolationError } from '../../lib/db-errors';
import { newIdentifier } from '../../lib/random';
import type { RunInTransaction } from '../../lib/transaction';
import type { UnitImportStore } from '../measurements/unit-import-store';
import type { PillImportStore } from '../pills/pill-import-store';
import type { EquipmentImportStore } from '../equipment/equipment-import-store';
import type { StaffImportStore } from '../staff/staff-ports';
import { parsingStored, type Importer } from './importer';
import type { ImportsRepository, Owner } from './imports.repository';
import { equipmentImporter } from './equipment-importer';
import { pillsImporter } from './pills-importer';
import { FILE_MESSAGES } from './spreadsheet-file';
import type { SpreadsheetReader } from './spreadsheet-pool';
import { tableWorkbook } from './spreadsheet-export';
import { staffImporter } from './staff-importer';
import { unitsImporter } from './units-importer';

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
  /** The imported tables' owner modules' ports (staff, pills, measurements, equipment), passed in by app.ts. */
  tables: {
    staff: StaffImportStore;
    pills: PillImportStore;
    units: UnitImportStore;
    equipment: EquipmentImportStore;
  };
  runInTransaction: RunInTransaction;
  /** Reads the uploaded files off the event loop (spreadsheet-pool.ts). */
  spreadsheets: SpreadsheetReader;
  activityLog: ActivityLog;
  now?: () => Date;
}) {
  const { importsRepository: repo, tables, runInTransaction, spreadsheets, activityLog } = deps;
  const now = deps.now ?? (() => new Date());
  const importers: Readonly<Record<ImportTable, Importer>> = {
    staff: parsingStored(staffImporter(tables.staff)),
    pills: parsingStored(pillsImporter(tables.pills, tables.units)),
    measurements: parsingStored(unitsImporter(tables.units)),
    equipment: parsingStored(equipmentImporter(tables.equipment)),
  };

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
      const { plan, stored } = await importers[table].plan(
        owner,
        located.data,
        located.match.columns,
      );
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
      actor: Actor,
    ): Promise<ImportResult> {
      return runInTransaction(async (tx) => {
        const record = await repo.findForUpdate(owner, table, importId, tx);
        if (!record?.plan || record.status !== 'preview' || record.expiresAt <= now())
          throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
        const importer = importers[table];
        const excluded = new Set(input.excludedLines ?? []);
        const lines = importer.lines(record.plan);
        const unknown = [...excluded].filter((line) => !lines.has(line)).sort((a, b) => a - b);
        if (unknown.length > 0)
          throw AppError.field('excludedLines', IMPORT_MESSAGES.notExcludable(unknown));
        const { stored, counts } =
          excluded.size === 0
            ? { stored: record.plan, counts: record.counts }
            : importer.without(record.plan, record.counts, excluded);
        if (excluded.size > 0 && counts.updated + counts.added === 0)
          throw AppError.field('excludedLines', IMPORT_MESSAGES.allExcluded);
        const newUnits = importer.newUnits(stored);
        if (newUnits.length > 0 && !input.createUnits)
          throw AppError.field('createUnits', IMPORT_MESSAGES.confirmUnits(newUnits));
        await repo.supersede(owner, table, tx);
        const conflict = () => new AppError('CONFLICT', IMPORT_MESSAGES.changedMeanwhile);
        let undo;
        try {
          undo = await importer.run(owner, stored, tx, conflict);
        } catch (error) {
          if (error instanceof UniqueViolationError || error instanceof ForeignKeyViolationError)
            throw conflict();
          throw error;
        }
        await repo.markApplied(record.id, undo, now(), tx, counts);
        await recordOwned(activityLog, tx, owner, actor, {
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
      const { undo } = record;
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
        const { undo } = record;
        if (!undo)
          throw new Error(`data_imports row ${record.id}: an applied import without its undo`);
        const changedMeanwhile = () => new AppError('CONFLICT', IMPORT_MESSAGES.changedSinceImport);
        try {
          await importers[table].undo(owner, undo, tx, changedMeanwhile);
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
      return tableWorkbook(table, owner === null, await importers[table].exportRows(owner));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
