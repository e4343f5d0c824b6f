import type { LoaderFunction } from 'react-router';

import { getAllEquipmentQueryOptions } from '@/features/order-wizard/api/get-all-equipment';
import { getAllPillsQueryOptions } from '@/features/order-wizard/api/get-all-pills';
import { getCompanyInfoQueryOptions } from '@/lib/queries/company-info';
import { orderDetailQueryOptions } from '@/lib/queries/order-detail';
import { getStaffQueryOptions } from '@/lib/queries/staff';

import { prefetchForCompany } from '../../route-prefetch';

/**
 * The order, the institution data (step 1), the staffing table (step 2's qualifications), the materials and the
 * equipment (step 3) start loading with the page's code; the page shows its skeleton meanwhile. In a module of its
 * own, which the router imports statically (issue 39): the requests leave while the wizard's chunks are still on
 * their way.
 */
export const loader: LoaderFunction = (args) => {
  const identifier = args.params.identifier ?? '';
  return prefetchForCompany((queryClient, companyIdentifier) => {
    void queryClient.prefetchQuery(orderDetailQueryOptions(identifier));
    void queryClient.prefetchQuery(getCompanyInfoQueryOptions(companyIdentifier));
    void queryClient.prefetchQuery(getStaffQueryOptions(companyIdentifier));
    void queryClient.prefetchQuery(getAllPillsQueryOptions(companyIdentifier));
    void queryClient.prefetchQuery(getAllEquipmentQueryOptions(companyIdentifier));
  })(args);
};
