import { apiRoutes } from '@medcalc/domain';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/company/{companyIdentifier}/equipment/{id}/orders` (issue 38): the orders that use the row. */
export const getEquipmentUsageQueryOptions = (path: { companyIdentifier: string; id: number }) =>
  routeQueryOptions(
    apiRoutes.equipment.usage,
    queryKeys.equipment.usage(path.companyIdentifier, path.id),
    { path },
  );
