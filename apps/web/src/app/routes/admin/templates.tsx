import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Admin panel": the calculation templates. */
export default function AdminTemplatesRoute() {
  return (
    <>
      <PageTitle level={2}>Шаблони</PageTitle>
      <UnderConstruction />
    </>
  );
}
