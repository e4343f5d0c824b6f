import { apiRoutes, type MeasurementInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/company/{companyIdentifier}/measurements` {name} (spec §7): the measurements page's add modal and the
 * wizard's add-unit modal (spec §2 "Generic dropdown"). The answer's message is a toast; a 422 shows under the
 * name field instead. Every measurements query is refreshed by prefix.
 */
export const useCreateMeasurement = () =>
  useApiMutation(
    apiRoutes.measurements.create,
    formCall<{ companyIdentifier: string }, MeasurementInput>,
    [queryKeys.measurements.all],
  );
