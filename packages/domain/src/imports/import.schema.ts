import { z } from '../common/zod';
import { messageResponseSchema } from '../common/api-error.schema';
import { publicIdentifierSchema } from '../common/fields';
import { companyParamsSchema } from '../common/pagination';
import { EQUIPMENT_FIELD_LABELS, EQUIPMENT_REGISTER_FIELDS } from '../equipment/equipment.schema';

/*
 * Spreadsheet import and export of the reference tables (issue 20): the staffing table, materials and units of a
 * company, and the template-level materials and units of the administrator. A file is first previewed (nothing
 * changes; the preview is stored server-side for {@link IMPORT_PREVIEW_MINUTES} minutes), then applied in one
 * transaction; the last applied import of a table can be undone until the next import of that table.
 */

/** The tables a company imports into (the equipment register since issue 38). */
export const COMPANY_IMPORT_TABLES = ['staff', 'pills', 'measurements', 'equipment'] as const;
/** The template-level tables the administrator imports into. */
export const TEMPLATE_IMPORT_TABLES = ['pills', 'measurements'] as const;
export type ImportTable = (typeof COMPANY_IMPORT_TABLES)[number];

/** The columns of each table, in the order the export and the template write them. */
export const IMPORT_FIELDS = {
  staff: ['qualification', 'category', 'scientific_degree', 'salary'],
  pills: ['name', 'measurementType', 'price'],
  measurements: ['name'],
  equipment: EQUIPMENT_REGISTER_FIELDS,
} as const satisfies Record<ImportTable, readonly string[]>;
export type ImportField = (typeof IMPORT_FIELDS)[ImportTable][number];
export const IMPORT_FIELD_NAMES = [
  'qualification',
  'category',
  'scientific_degree',
  'salary',
  'name',
  'measurementType',
  'price',
  'inventoryNumber',
  'firstCost',
  'residualValue',
  'usefulLifeYears',
  'hoursPerYear',
] as const satisfies readonly ImportField[];

/** The header the export and the template write for each field (and the first name the header matching knows). */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  qualification: 'Посада',
  category: 'Категорія',
  scientific_degree: 'Науковий ступінь',
  salary: 'Оклад',
  name: 'Назва',
  measurementType: 'Одиниця',
  price: 'Ціна',
  inventoryNumber: EQUIPMENT_FIELD_LABELS.inventoryNumber,
  firstCost: EQUIPMENT_FIELD_LABELS.firstCost,
  residualValue: EQUIPMENT_FIELD_LABELS.residualValue,
  usefulLifeYears: EQUIPMENT_FIELD_LABELS.usefulLifeYears,
  hoursPerYear: EQUIPMENT_FIELD_LABELS.hoursPerYear,
};

/** How long a preview can be applied, minutes. */
export const IMPORT_PREVIEW_MINUTES = 60;
/**
 * Previews a company (or the administrator's template level) keeps at once (issue 34): storing another drops the
 * oldest, whose apply then answers 404 asking for the file again.
 */
export const IMPORT_PREVIEWS_KEPT = 5;
/** Largest file accepted, bytes (5 MB). */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
/** Most data rows a file may have. */
export const MAX_IMPORT_ROWS = 10_000;
/**
 * Most rows a file may have counting the empty ones (issue 34): a file of empty lines is refused as soon as its
 * reading passes this many, without reading the rest.
 */
export const MAX_IMPORT_LINES = 5 * MAX_IMPORT_ROWS;
/** Most columns a row may use (the last cell with a value; issue 34). */
export const MAX_IMPORT_COLUMNS = 50;
/** Most characters one cell may hold (issue 34). */
export const MAX_IMPORT_CELL_CHARS = 2000;
/**
 * Most characters all the cells of a file may hold together (issue 34): an XLSX repeats one shared text in any
 * number of cells, so the file's size alone does not bound what it reads to.
 */
export const MAX_IMPORT_TEXT_CHARS = 10_000_000;
/** Seconds a client is asked to wait when every spreadsheet reader is busy (Retry-After, «за хвилину»). */
export const IMPORTS_BUSY_RETRY_AFTER = 60;
export const IMPORTS_BUSY_MESSAGE = 'Сервер зараз читає інші файли. Спробуйте за хвилину.';
/** The multipart field names of the preview call. */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_COLUMNS_FIELD = 'columns';

const tableSchema = z.enum(COMPANY_IMPORT_TABLES, 'Невідома таблиця для імпорту.');
const templateTableSchema = z.enum(TEMPLATE_IMPORT_TABLES, 'Невідома таблиця для імпорту.');

/** `/api/company/{companyIdentifier}/imports/{table}/…` */
export const companyImportParamsSchema = companyParamsSchema.extend({ table: tableSchema });
/** `/api/company/{companyIdentifier}/imports/{table}/{importId}/apply` */
export const companyImportApplyParamsSchema = companyImportParamsSchema.extend({
  importId: publicIdentifierSchema('Імпорт'),
});
/** `/api/administrator/imports/{table}/…` */
export const templateImportParamsSchema = z.object({ table: templateTableSchema });
/** `/api/administrator/imports/{table}/{importId}/apply` */
export const templateImportApplyParamsSchema = templateImportParamsSchema.extend({
  importId: publicIdentifierSchema('Імпорт'),
});

/**
 * The optional multipart field `columns` of the preview (JSON text): the file's column (0-based index into
 * `headers`) the user picked for a field the server did not find by its header. `null` leaves it to the matching.
 */
export const importColumnsSchema = z.partialRecord(
  z.enum(IMPORT_FIELD_NAMES),
  z.number().int().min(0).nullable(),
);
export type ImportColumns = z.infer<typeof importColumnsSchema>;

/** A cell value as the preview shows it: text, or a number for a salary or a price (UAH). */
const cellValueSchema = z.union([z.string(), z.number()]);

export const importCountsSchema = z.object({
  updated: z.number().int(),
  added: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** One row the import changes: the row's display key and each changed field with its old and new value. */
export const importUpdatedRowSchema = z.object({
  /** The file's line (the header is line 1 of an XLSX sheet or a CSV file). */
  line: z.number().int(),
  key: z.string(),
  changes: z.array(
    z.object({ field: z.enum(IMPORT_FIELD_NAMES), old: cellValueSchema, new: cellValueSchema }),
  ),
});
export type ImportUpdatedRow = z.infer<typeof importUpdatedRowSchema>;

/** One row the import adds: its values by field. */
export const importAddedRowSchema = z.object({
  line: z.number().int(),
  values: z.partialRecord(z.enum(IMPORT_FIELD_NAMES), cellValueSchema),
});
export type ImportAddedRow = z.infer<typeof importAddedRowSchema>;

/** One row the import leaves out, with the Ukrainian reason. */
export const importRefusedRowSchema = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRefusedRow = z.infer<typeof importRefusedRowSchema>;

/**
 * The preview's answer. When a needed column is missing (`missingColumns` not empty) nothing is stored:
 * `importId` is null, the row lists are empty and the counts zero; the user picks the columns from `headers` and
 * sends the file again with `columns`.
 */
export const importPreviewSchema = z.object({
  importId: z.string().nullable(),
  table: tableSchema,
  fileName: z.string(),
  headers: z.array(z.string()),
  /** The table's fields in column order (what the export writes), each with its label. */
  fields: z.array(z.object({ field: z.enum(IMPORT_FIELD_NAMES), label: z.string() })),
  /** The file column (index into `headers`) each field was read from; null when not found. */
  columns: z.partialRecord(z.enum(IMPORT_FIELD_NAMES), z.number().int().nullable()),
  missingColumns: z.array(z.enum(IMPORT_FIELD_NAMES)),
  counts: importCountsSchema,
  updated: z.array(importUpdatedRowSchema),
  added: z.array(importAddedRowSchema),
  refused: z.array(importRefusedRowSchema),
  /** Totals rows («Разом», «Всього», a SUM formula) left out on purpose, each with the reason (issue 33). */
  skipped: z.array(importRefusedRowSchema),
  /** Units the file names that do not exist yet: created on apply when `createUnits` is true. */
  newUnits: z.array(z.string()),
  /** ISO 8601; after it the preview cannot be applied. */
  expiresAt: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The last line a sheet can have (Excel's limit): no file line is past it. */
const MAX_SHEET_LINE = 1_048_576;

export const EXCLUDED_LINES_MESSAGE =
  'Поле «excludedLines» має бути списком різних номерів рядків файлу (цілі числа від 1).';

/**
 * Body of the apply call. `excludedLines` (issue 33): lines of the preview's updated or added rows the user left
 * out; the rest is applied, still all or nothing.
 */
export const importApplyInputSchema = z.object({
  createUnits: z.boolean({ error: 'Поле «createUnits» має бути true або false.' }).default(false),
  excludedLines: z
    .array(
      z
        .number({ error: EXCLUDED_LINES_MESSAGE })
        .int(EXCLUDED_LINES_MESSAGE)
        .min(1, EXCLUDED_LINES_MESSAGE)
        .max(MAX_SHEET_LINE, EXCLUDED_LINES_MESSAGE),
      { error: EXCLUDED_LINES_MESSAGE },
    )
    .max(MAX_IMPORT_ROWS, EXCLUDED_LINES_MESSAGE)
    .refine((lines) => new Set(lines).size === lines.length, EXCLUDED_LINES_MESSAGE)
    .default([]),
});
export type ImportApplyInput = z.infer<typeof importApplyInputSchema>;

/** The apply and undo answer. */
export const importResultSchema = messageResponseSchema.extend({
  counts: importCountsSchema,
  createdUnits: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The last applied import of a table that can still be undone, or null. */
export const lastImportSchema = z.object({
  last: z
    .object({
      importId: z.string(),
      fileName: z.string(),
      appliedAt: z.string(),
      counts: importCountsSchema,
      createdUnits: z.number().int(),
    })
    .nullable(),
});
export type LastImport = z.infer<typeof lastImportSchema>;
