import { prefetchForCompany } from '@/app/route-prefetch';
import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { getMeasurementsQueryOptions } from '@/features/measurements/api/get-measurements';
import { getStandardMeasurementsQueryOptions } from '@/lib/queries/standard-measurements';
import { MeasurementsTable } from '@/features/measurements/components/measurements-table';
import { StandardMeasurements } from '@/features/measurements/components/standard-measurements';
import { getLastImportQueryOptions } from '@/features/imports/api/get-last-import';
import { SpreadsheetActions } from '@/features/imports/components/spreadsheet-actions';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { FIRST_PAGE_PARAMS } from '@/hooks/use-paged-search';

/** The standard units and the first page of the own ones start loading with the page's code. */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getStandardMeasurementsQueryOptions());
  void queryClient.prefetchQuery(
    getMeasurementsQueryOptions({ companyIdentifier, ...FIRST_PAGE_PARAMS }),
  );
  void queryClient.prefetchQuery(
    getLastImportQueryOptions({ scope: 'company', table: 'measurements', companyIdentifier }),
  );
});

/** Spec §2 "Measurements": the standard units, then the company's own units with search and paging. */
export default function MeasurementsRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Одиниці виміру</PageTitle>
      <ReadOnlyNotice />
      <StandardMeasurements />
      <SpreadsheetActions target={{ scope: 'company', table: 'measurements', companyIdentifier }} />
      <MeasurementsTable companyIdentifier={companyIdentifier} />
    </>
  );
}
