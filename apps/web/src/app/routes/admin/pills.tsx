import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Admin panel": template and other companies' materials. */
export default function AdminPillsRoute() {
  return (
    <>
      <PageTitle level={2}>Витратні матеріали</PageTitle>
      <UnderConstruction />
    </>
  );
}
