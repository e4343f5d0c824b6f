import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Company": institution data. */
export default function CompanyRoute() {
  return (
    <>
      <PageTitle>Дані закладу</PageTitle>
      <UnderConstruction />
    </>
  );
}
