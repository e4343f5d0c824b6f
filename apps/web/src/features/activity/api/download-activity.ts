import { XLSX_CONTENT_TYPE, apiRoutes } from '@medcalc/domain';

import { useFileDownload } from '@/hooks/use-file-download';
import { downloadFile } from '@/lib/file-download';

import { queryOf, type ActivityFilters } from './get-activity';

/** `GET /api/activity/export` with the same filters: the log as an .xlsx, one row per change. */
export const useDownloadActivity = () =>
  useFileDownload((filters: ActivityFilters) =>
    downloadFile(
      apiRoutes.activity.export,
      {
        query: queryOf(filters),
        accept: `${XLSX_CONTENT_TYPE}, application/json`,
        fallbackErrorMessage: 'Не вдалося сформувати файл Excel. Спробуйте ще раз.',
      },
      'Журнал змін.xlsx',
    ),
  );
