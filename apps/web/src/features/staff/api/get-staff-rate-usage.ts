import { apiRoutes } from '@medcalc/domain';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/company/{companyIdentifier}/stuff/{id}/orders` (issue 33): the orders that use the row. */
export const getStaffRateUsageQueryOptions = (path: { companyIdentifier: string; id: number }) =>
  routeQueryOptions(apiRoutes.staff.usage, queryKeys.staff.usage(path.companyIdentifier, path.id), {
    path,
  });
