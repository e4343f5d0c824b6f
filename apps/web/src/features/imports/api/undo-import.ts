import { apiRoutes, type ImportResult } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';

import type { ImportTarget } from '../import-target';

import { importedKeys } from './apply-import';
import { companyPath } from './import-path';

/**
 * Undoes the last import of the target's table (one transaction). The server's message is the success toast;
 * a refusal (404 nothing to undo, 409 the rows changed since) is toasted with its Ukrainian message.
 */
export function undoImport(target: ImportTarget): Promise<ImportResult> {
  return target.scope === 'admin'
    ? callApi(apiRoutes.imports.templateUndo, { path: { table: target.table } })
    : callApi(apiRoutes.imports.companyUndo, { path: companyPath(target) });
}

export function useUndoImport(target: ImportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => undoImport(target),
    // A refused undo may mean the import is no longer undoable: the button's state is asked again either way.
    onSettled: () => invalidateKeys(queryClient, importedKeys(target)),
  });
}
