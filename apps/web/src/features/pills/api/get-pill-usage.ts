import { apiRoutes } from '@medcalc/domain';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/company/{companyIdentifier}/pills/{id}/orders` (issue 33): the orders that use the material. */
export const getPillUsageQueryOptions = (path: { companyIdentifier: string; id: number }) =>
  routeQueryOptions(apiRoutes.pills.usage, queryKeys.pills.usage(path.companyIdentifier, path.id), {
    path,
  });
