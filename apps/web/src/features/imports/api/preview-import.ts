import {
  apiRoutes,
  IMPORT_COLUMNS_FIELD,
  IMPORT_FILE_FIELD,
  type ImportColumns,
  type ImportPreview,
} from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { callApiWithForm } from '@/lib/api-client';

import type { ImportTarget } from '../import-target';

import { companyPath } from './import-path';

export type PreviewImportVariables = { file: File; columns?: ImportColumns };

/**
 * Uploads a file and answers what importing it would change; nothing changes yet (issue 20). `columns` names
 * the file column of each field the server did not find by its header. A refused file (422) is not toasted: the
 * dialog shows the server's message beside the file.
 */
export function previewImport(
  target: ImportTarget,
  { file, columns }: PreviewImportVariables,
): Promise<ImportPreview> {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file, file.name);
  if (columns !== undefined) form.append(IMPORT_COLUMNS_FIELD, JSON.stringify(columns));
  const options = { form, toast: { error: false } };
  return target.scope === 'admin'
    ? callApiWithForm(apiRoutes.imports.templatePreview, {
        path: { table: target.table },
        ...options,
      })
    : callApiWithForm(apiRoutes.imports.companyPreview, { path: companyPath(target), ...options });
}

export const usePreviewImport = (target: ImportTarget) =>
  useMutation({
    mutationFn: (variables: PreviewImportVariables) => previewImport(target, variables),
  });
