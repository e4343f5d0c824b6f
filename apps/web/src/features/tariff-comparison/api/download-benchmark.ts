import { XLSX_CONTENT_TYPE, apiRoutes, type BenchmarkQuery } from '@medcalc/domain';

import { useFileDownload } from '@/hooks/use-file-download';
import { downloadFile } from '@/lib/file-download';

/** `GET …/tariff-comparison/export` with the same filters: the comparison as an .xlsx. */
export const useDownloadBenchmark = (companyIdentifier: string) =>
  useFileDownload((query: BenchmarkQuery) =>
    downloadFile(
      apiRoutes.tariffComparison.export,
      {
        path: { companyIdentifier },
        query,
        accept: `${XLSX_CONTENT_TYPE}, application/json`,
        fallbackErrorMessage: 'Не вдалося сформувати файл Excel. Спробуйте ще раз.',
      },
      'Порівняння тарифів.xlsx',
    ),
  );
