import { prefetchCompanyTable } from '@/app/company-table-loader';
import { getMeasurementsQueryOptions } from '@/features/measurements/api/get-measurements';
import { getStandardMeasurementsQueryOptions } from '@/lib/queries/standard-measurements';
import { MeasurementsTable } from '@/features/measurements/components/measurements-table';
import { StandardMeasurements } from '@/features/measurements/components/standard-measurements';
import { CompanyTablePage } from '@/features/imports/components/company-table-page';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { FIRST_PAGE_PARAMS } from '@/hooks/use-paged-search';

/** The standard units and the first page of the own ones start loading with the page's code. */
export const loader = prefetchCompanyTable('measurements', (queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getStandardMeasurementsQueryOptions());
  void queryClient.prefetchQuery(
    getMeasurementsQueryOptions({ companyIdentifier, ...FIRST_PAGE_PARAMS }),
  );
});

/** Spec §2 "Measurements": the standard units, then the company's own units with search and paging. */
export default function MeasurementsRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <CompanyTablePage
      title="Одиниці виміру"
      table="measurements"
      companyIdentifier={companyIdentifier}
      intro={<StandardMeasurements />}
    >
      <MeasurementsTable companyIdentifier={companyIdentifier} />
    </CompanyTablePage>
  );
}
