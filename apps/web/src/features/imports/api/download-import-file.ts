import { XLSX_CONTENT_TYPE, apiRoutes, importFileName } from '@medcalc/domain';

import { downloadFile, type DownloadedFile } from '@/lib/file-download';
import { useFileDownload } from '@/hooks/use-file-download';

import type { ImportTarget } from '../import-target';

import { companyPath } from './import-path';

/** The table as an .xlsx in the import's columns (`export`), or the same headers with no rows (`template`). */
export type ImportFileKind = 'export' | 'template';

export function downloadImportFile(
  target: ImportTarget,
  kind: ImportFileKind,
): Promise<DownloadedFile> {
  // The server's own name (Content-Disposition), for when it gives none.
  const fallbackName = importFileName(target.table, {
    templateLevel: target.scope === 'admin',
    empty: kind === 'template',
  });
  const options = {
    accept: XLSX_CONTENT_TYPE,
    fallbackErrorMessage: 'Не вдалося сформувати файл Excel. Спробуйте ще раз.',
  };
  const routes = apiRoutes.imports;
  if (target.scope === 'admin') {
    const route = kind === 'export' ? routes.templateExport : routes.templateTemplate;
    return downloadFile(route, { path: { table: target.table }, ...options }, fallbackName);
  }
  const route = kind === 'export' ? routes.companyExport : routes.companyTemplate;
  return downloadFile(route, { path: companyPath(target), ...options }, fallbackName);
}

/** One download per button, so only the file being made spins. */
export const useDownloadImportFile = (target: ImportTarget, kind: ImportFileKind) =>
  useFileDownload(() => downloadImportFile(target, kind));
