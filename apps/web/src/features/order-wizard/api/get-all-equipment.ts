import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company/{companyIdentifier}/equipment/all-list` (issue 38): what step 3's equipment lines may name, the
 * administrator's template equipment first (`companyIdentifier` null), then the company's own register, as the
 * materials' all-list. Under the register's key prefix, so a row changed on /equipment or in the admin panel
 * (each refreshes `queryKeys.equipment.all`) reaches the wizard.
 */
export const getAllEquipmentQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(apiRoutes.equipment.allList, queryKeys.equipment.allList(companyIdentifier), {
    path: { companyIdentifier },
  });

export const useAllEquipment = (companyIdentifier: string) =>
  useQuery(getAllEquipmentQueryOptions(companyIdentifier));
