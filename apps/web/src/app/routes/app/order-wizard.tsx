import { Link, useParams } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { OrderOverview } from '@/features/orders/components/order-overview';

/**
 * Spec §2 "Wizard" (`/orders/create/{identifier}`), titled 'Calculate new services'. The five steps are a later
 * issue; until then the page shows the order read-only, which also proves the payment gate (spec §1).
 */
export default function OrderWizardRoute() {
  const { identifier = '' } = useParams();
  return (
    <>
      <PageTitle>Розрахувати нові послуги</PageTitle>
      <OrderOverview
        key={identifier}
        identifier={identifier}
        backLink={<Link to={paths.orders}>До списку замовлень</Link>}
      />
    </>
  );
}
