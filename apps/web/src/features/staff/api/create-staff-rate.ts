import { apiRoutes, type StaffRateInput } from '@medcalc/domain';

import { formCall } from '@/lib/api-hooks';
import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/company/{companyIdentifier}/stuff` {qualification, category, scientific_degree, salary}: a
 * company's own position (a call beyond spec §7, issue "Company reference data").
 */
export const useCreateStaffRate = () =>
  useApiMutation(apiRoutes.staff.create, formCall<{ companyIdentifier: string }, StaffRateInput>, [
    queryKeys.staff.all,
  ]);
