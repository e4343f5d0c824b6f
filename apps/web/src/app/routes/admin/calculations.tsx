import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Admin panel": one company's calculations. */
export default function AdminCalculationsRoute() {
  return (
    <>
      <PageTitle level={2}>Послуги</PageTitle>
      <UnderConstruction />
    </>
  );
}
