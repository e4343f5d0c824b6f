import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company/{companyIdentifier}/equipment` (issue 38): the company's own equipment register, the /equipment
 * page's table. Step 3 reads the all-list instead (the template rows too), under the same key prefix.
 */
export const getEquipmentQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(apiRoutes.equipment.list, queryKeys.equipment.list(companyIdentifier), {
    path: { companyIdentifier },
  });

export const useEquipment = (companyIdentifier: string) =>
  useQuery(getEquipmentQueryOptions(companyIdentifier));
