import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Orders list": the company's orders; the list arrives with the orders issue. */
export default function OrdersRoute() {
  return (
    <>
      <PageTitle>Розрахунок послуг</PageTitle>
      <UnderConstruction />
    </>
  );
}
