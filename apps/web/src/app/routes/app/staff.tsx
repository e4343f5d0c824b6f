import { PageTitle } from '@/components/ui/page-title';
import { StaffTable } from '@/features/staff/components/staff-table';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** Spec §2 "Staff": the staffing table. */
export default function StaffRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Штатний розпис</PageTitle>
      <StaffTable companyIdentifier={companyIdentifier} />
    </>
  );
}
