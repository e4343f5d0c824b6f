import {
  XLSX_CONTENT_TYPE,
  apiRoutes,
  type BenchmarkQuery,
  type ParticipationInput,
} from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { formCall, routeQueryOptions, useApiMutation } from '@/lib/api-hooks';
import { downloadFile, useFileDownload } from '@/lib/file-download';

/** Every query of the comparison sits under this key: taking part or leaving refreshes them all. */
const ROOT = 'tariff-comparison';

/** `GET …/tariff-comparison/participation` (issue 41): the owner's switch, the oblast and the beds. */
export const getParticipationQueryOptions = (companyIdentifier: string) => ({
  ...routeQueryOptions(
    apiRoutes.tariffComparison.participation,
    [ROOT, 'participation', companyIdentifier] as const,
    // /company shows a failure in place, with a retry.
    { path: { companyIdentifier }, toast: { error: false } },
  ),
  enabled: companyIdentifier !== '',
});

export const useParticipation = (companyIdentifier: string) =>
  useQuery(getParticipationQueryOptions(companyIdentifier));

/** `PUT` of the same (the owner): join with the oblast, or leave. */
export const useUpdateParticipation = () =>
  useApiMutation(
    apiRoutes.tariffComparison.updateParticipation,
    formCall<{ companyIdentifier: string }, ParticipationInput>,
    [[ROOT]],
  );

/** `GET …/tariff-comparison?oblast&size`: the comparison (403 for a company not taking part, shown in place). */
export const getBenchmarkQueryOptions = (companyIdentifier: string, query: BenchmarkQuery) => ({
  ...routeQueryOptions(
    apiRoutes.tariffComparison.comparison,
    [ROOT, 'comparison', companyIdentifier, query.oblast ?? '', query.size ?? ''] as const,
    { path: { companyIdentifier }, query, toast: { error: false } },
  ),
  enabled: companyIdentifier !== '',
  retry: false,
});

export const useBenchmark = (companyIdentifier: string, query: BenchmarkQuery) =>
  useQuery(getBenchmarkQueryOptions(companyIdentifier, query));

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
