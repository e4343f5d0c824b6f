import { prefetchCompanyTable } from '@/app/company-table-loader';
import { getStaffQueryOptions } from '@/lib/queries/staff';
import { StaffTable } from '@/features/staff/components/staff-table';
import { CompanyTablePage } from '@/features/imports/components/company-table-page';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** The staffing table starts loading with the page's code. */
export const loader = prefetchCompanyTable('staff', (queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getStaffQueryOptions(companyIdentifier));
});

/** Spec §2 "Staff": the staffing table. */
export default function StaffRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <CompanyTablePage title="Штатний розпис" table="staff" companyIdentifier={companyIdentifier}>
      <StaffTable companyIdentifier={companyIdentifier} />
    </CompanyTablePage>
  );
}
