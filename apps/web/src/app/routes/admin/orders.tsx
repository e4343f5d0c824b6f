import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Admin panel": orders of all companies. */
export default function AdminOrdersRoute() {
  return (
    <>
      <PageTitle level={2}>Замовлення</PageTitle>
      <UnderConstruction />
    </>
  );
}
