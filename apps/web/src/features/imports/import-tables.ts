import type { ImportTable } from '@medcalc/domain';
import type { QueryKey } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';

import type { ImportTarget } from './import-target';

/** What the import dialog and the buttons say about one table, and what its import makes stale. */
export type ImportTableInfo = {
  /** The subject of the dialog's title and the buttons' group name, e.g. «штатного розпису». */
  ofWhat: string;
  /** What an applied import or an undo changes (lib/query-keys.ts prefixes); `imports` is refreshed always. */
  invalidates: readonly QueryKey[];
};

export const IMPORT_TABLES: Record<ImportTable, ImportTableInfo> = {
  staff: {
    ofWhat: 'штатного розпису',
    invalidates: [queryKeys.staff.all],
  },
  pills: {
    ofWhat: 'матеріалів',
    // The file may create units, which the unit lists and choices show.
    invalidates: [queryKeys.pills.all, queryKeys.measurements.all],
  },
  measurements: {
    ofWhat: 'одиниць виміру',
    // A unit's name shows in the materials too (UNIT_DEPENDENT_QUERY_KEYS).
    invalidates: [queryKeys.measurements.all, queryKeys.pills.all],
  },
  // Issue 38: the equipment register; the wizard's step 3 reads the same list.
  equipment: {
    ofWhat: 'реєстру обладнання',
    invalidates: [queryKeys.equipment.all],
  },
};

/** What a target's import changes, in the genitive: «матеріалів», or «матеріалів шаблонів» for the admin's. */
export const subjectOf = (target: ImportTarget) =>
  target.scope === 'admin'
    ? `${IMPORT_TABLES[target.table].ofWhat} шаблонів`
    : IMPORT_TABLES[target.table].ofWhat;
