import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET …/tariff-comparison/participation` (issue 41): the owner's switch, the oblast and the beds. */
export const getParticipationQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(
    apiRoutes.tariffComparison.participation,
    queryKeys.tariffComparison.participation(companyIdentifier),
    // /company shows a failure in place, with a retry.
    { path: { companyIdentifier }, toast: { error: false } },
  );

export const useParticipation = (companyIdentifier: string) =>
  useQuery(getParticipationQueryOptions(companyIdentifier));
