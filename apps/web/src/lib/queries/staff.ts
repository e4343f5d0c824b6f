import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/get-stuff/{companyId}` (spec §7, the spec's spelling): the company's staffing table. The staff page
 * and step 2's qualification dropdown read it here, so they share the cache and a salary changed there reaches
 * the wizard.
 */
export const getStaffQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(apiRoutes.staff.list, queryKeys.staff.list(companyIdentifier), {
    path: { companyIdentifier },
  });

export const useStaff = (companyIdentifier: string) =>
  useQuery(getStaffQueryOptions(companyIdentifier));
