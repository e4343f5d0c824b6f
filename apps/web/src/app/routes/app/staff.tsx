import { prefetchForCompany } from '@/app/route-prefetch';
import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { getStaffQueryOptions } from '@/lib/queries/staff';
import { StaffTable } from '@/features/staff/components/staff-table';
import { getLastImportQueryOptions } from '@/features/imports/api/get-last-import';
import { SpreadsheetActions } from '@/features/imports/components/spreadsheet-actions';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** The staffing table starts loading with the page's code. */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getStaffQueryOptions(companyIdentifier));
  void queryClient.prefetchQuery(
    getLastImportQueryOptions({ scope: 'company', table: 'staff', companyIdentifier }),
  );
});

/** Spec §2 "Staff": the staffing table. */
export default function StaffRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Штатний розпис</PageTitle>
      <ReadOnlyNotice />
      <SpreadsheetActions target={{ scope: 'company', table: 'staff', companyIdentifier }} />
      <StaffTable companyIdentifier={companyIdentifier} />
    </>
  );
}
