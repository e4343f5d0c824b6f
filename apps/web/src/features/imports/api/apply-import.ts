import { apiRoutes, type ImportApplyInput, type ImportResult } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

import { IMPORT_TABLES } from '../import-tables';
import type { ImportTarget } from '../import-target';

import { companyPath } from './import-path';

export type ApplyImportVariables = { importId: string } & Pick<ImportApplyInput, 'createUnits'> &
  Partial<Pick<ImportApplyInput, 'excludedLines'>>;

/**
 * Applies a previewed import in one transaction (all or nothing), but for the rows the user left out
 * (`excludedLines`, sent only when there are some; issue 33). The server's message («Імпорт застосовано:
 * оновлено 3, додано 1.») is the success toast; a failure stays in the dialog, not toasted twice.
 */
export function applyImport(
  target: ImportTarget,
  { importId, createUnits, excludedLines = [] }: ApplyImportVariables,
): Promise<ImportResult> {
  const body = excludedLines.length > 0 ? { createUnits, excludedLines } : { createUnits };
  const options = { body, toast: { error: false } };
  return target.scope === 'admin'
    ? callApi(apiRoutes.imports.templateApply, {
        path: { table: target.table, importId },
        ...options,
      })
    : callApi(apiRoutes.imports.companyApply, {
        path: { ...companyPath(target), importId },
        ...options,
      });
}

/** After an import the table, its dependants and the «last import» (now undoable) are refreshed. */
export const importedKeys = (target: ImportTarget) => [
  ...IMPORT_TABLES[target.table].invalidates,
  queryKeys.imports.all,
];

export function useApplyImport(target: ImportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ApplyImportVariables) => applyImport(target, variables),
    onSuccess: () => invalidateKeys(queryClient, importedKeys(target)),
  });
}
