import type { ImportField, ImportTable } from '@medcalc/domain';
import type { QueryKey } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';

import type { ImportTarget } from './import-target';

/** What the import dialog and the buttons say about one table, and what its import makes stale. */
export type ImportTableInfo = {
  /** The subject of the dialog's title and the buttons' group name, e.g. «штатного розпису». */
  ofWhat: string;
  /** The file names used when the server's Content-Disposition gives none. */
  exportName: string;
  templateName: string;
  /** What an applied import or an undo changes (lib/query-keys.ts prefixes); `imports` is refreshed always. */
  invalidates: readonly QueryKey[];
};

export const IMPORT_TABLES: Record<ImportTable, ImportTableInfo> = {
  staff: {
    ofWhat: 'штатного розпису',
    exportName: 'Штатний розпис.xlsx',
    templateName: 'Штатний розпис (шаблон).xlsx',
    invalidates: [queryKeys.staff.all],
  },
  pills: {
    ofWhat: 'матеріалів',
    exportName: 'Матеріали.xlsx',
    templateName: 'Матеріали (шаблон).xlsx',
    // The file may create units, which the unit lists and choices show.
    invalidates: [queryKeys.pills.all, queryKeys.measurements.all],
  },
  measurements: {
    ofWhat: 'одиниць виміру',
    exportName: 'Одиниці виміру.xlsx',
    templateName: 'Одиниці виміру (шаблон).xlsx',
    // A unit's name shows in the materials too (UNIT_DEPENDENT_QUERY_KEYS).
    invalidates: [queryKeys.measurements.all, queryKeys.pills.all],
  },
};

/** The fields whose values are amounts in UAH, shown with the house's money format (a price up to 4 decimals). */
const MONEY_FIELDS: ReadonlySet<ImportField> = new Set(['salary', 'price']);

/** A cell value as the preview shows it: amounts the uk-UA way (`1 234,50`), blanks as a dash. */
export const isMoneyField = (field: ImportField) => MONEY_FIELDS.has(field);

/** What a target's import changes, in the genitive: «матеріалів», or «матеріалів шаблонів» for the admin's. */
export const subjectOf = (target: ImportTarget) =>
  target.scope === 'admin'
    ? `${IMPORT_TABLES[target.table].ofWhat} шаблонів`
    : IMPORT_TABLES[target.table].ofWhat;
