import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { paths } from '@/config/paths';
import { orderDetailQueryOptions } from '@/lib/queries/order-detail';
import { OrderWizard } from '@/features/order-wizard/components/order-wizard';
import { AUTOSAVE_DELAY_MS } from '@/features/order-wizard/hooks/use-draft-saving';
import { wizardTitle } from '@/features/order-wizard/utils/wizard-heading';

export { loader } from './order-wizard.loader';

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
        autosaveDelayMs={AUTOSAVE_DELAY_MS}
      />
    </>
  );
}
