import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Company materials" (`/pills`). */
export default function PillsRoute() {
  return (
    <>
      <PageTitle>Витратні матеріали</PageTitle>
      <UnderConstruction />
    </>
  );
}
