import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Calculations": the company's calculated services. */
export default function CalculationsRoute() {
  return (
    <>
      <PageTitle>Розраховані послуги</PageTitle>
      <UnderConstruction />
    </>
  );
}
