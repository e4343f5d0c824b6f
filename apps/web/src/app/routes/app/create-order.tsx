import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Create order" (`/orders/create_order`). */
export default function CreateOrderRoute() {
  return (
    <>
      <PageTitle>Нове замовлення</PageTitle>
      <UnderConstruction />
    </>
  );
}
