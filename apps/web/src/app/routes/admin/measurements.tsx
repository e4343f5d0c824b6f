import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Admin panel": template and other companies' units. */
export default function AdminMeasurementsRoute() {
  return (
    <>
      <PageTitle level={2}>Одиниці виміру</PageTitle>
      <UnderConstruction />
    </>
  );
}
