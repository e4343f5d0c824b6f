import { apiRoutes, type ParticipationInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { formCall } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `PUT …/tariff-comparison/participation` (the owner): join with the oblast, or leave. */
export const useUpdateParticipation = () =>
  useApiMutation(
    apiRoutes.tariffComparison.updateParticipation,
    formCall<{ companyIdentifier: string }, ParticipationInput>,
    [queryKeys.tariffComparison.all],
  );
