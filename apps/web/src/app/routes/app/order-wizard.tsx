import { useQuery } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunction } from 'react-router';

import { prefetchForCompany } from '@/app/route-prefetch';
import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { paths } from '@/config/paths';
import { getAllPillsQueryOptions } from '@/features/order-wizard/api/get-all-pills';
import { orderDetailQueryOptions } from '@/lib/queries/order-detail';
import { getStaffQueryOptions } from '@/lib/queries/staff';
import { OrderWizard } from '@/features/order-wizard/components/order-wizard';
import { wizardTitle } from '@/features/order-wizard/utils/wizard-heading';

/**
 * The order, the staffing table (step 2's qualifications) and the materials (step 3) start loading with the
 * page's code; the page shows its skeleton meanwhile.
 */
export const loader: LoaderFunction = (args) => {
  const identifier = args.params.identifier ?? '';
  return prefetchForCompany((queryClient, companyIdentifier) => {
    void queryClient.prefetchQuery(orderDetailQueryOptions(identifier));
    void queryClient.prefetchQuery(getStaffQueryOptions(companyIdentifier));
    void queryClient.prefetchQuery(getAllPillsQueryOptions(companyIdentifier));
  })(args);
};

/**
 * Spec §2 "Wizard" (`/orders/create/{identifier}`), titled 'Calculate new services' while the order is new or a
 * draft; a calculated, sent or approved order opens under what it is (issue 33, `wizardTitle`).
 */
export default function OrderWizardRoute() {
  const { identifier = '' } = useParams();
  // Read from the cache the loader filled; the title follows the order's status once it is known.
  const order = useQuery(orderDetailQueryOptions(identifier));
  return (
    <>
      <PageTitle>{wizardTitle(order.data?.status)}</PageTitle>
      <ReadOnlyNotice />
      {/* A new order starts a new wizard at step 1 (spec §4 "Client state"). */}
      <OrderWizard
        key={identifier}
        identifier={identifier}
        backLink={<Link to={paths.orders}>До списку замовлень</Link>}
      />
    </>
  );
}
