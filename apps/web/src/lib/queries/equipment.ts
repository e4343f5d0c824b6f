import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company/{companyIdentifier}/equipment` (issue 38): the company's equipment register. The /equipment
 * page and step 3's equipment lines read it here, so they share the cache and a row changed there reaches the
 * wizard.
 */
export const getEquipmentQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(apiRoutes.equipment.list, queryKeys.equipment.list(companyIdentifier), {
    path: { companyIdentifier },
  });

export const useEquipment = (companyIdentifier: string) =>
  useQuery(getEquipmentQueryOptions(companyIdentifier));
