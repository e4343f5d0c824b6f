import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Staff": the staffing table. */
export default function StaffRoute() {
  return (
    <>
      <PageTitle>Штатний розпис</PageTitle>
      <UnderConstruction />
    </>
  );
}
