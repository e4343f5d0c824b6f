import { prefetchCompanyTable } from '@/app/company-table-loader';
import { getOwnMeasurementsQueryOptions, useOwnMeasurements } from '@/lib/queries/own-measurements';
import {
  getStandardMeasurementsQueryOptions,
  useStandardMeasurements,
} from '@/lib/queries/standard-measurements';
import { getPillsQueryOptions } from '@/features/pills/api/get-pills';
import { PillsTable } from '@/features/pills/components/pills-table';
import { CompanyTablePage } from '@/features/imports/components/company-table-page';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { FIRST_PAGE_PARAMS } from '@/hooks/use-paged-search';

/** The first page of materials and the unit choices start loading with the page's code. */
export const loader = prefetchCompanyTable('pills', (queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getPillsQueryOptions({ companyIdentifier, ...FIRST_PAGE_PARAMS }));
  void queryClient.prefetchQuery(getStandardMeasurementsQueryOptions());
  void queryClient.prefetchQuery(getOwnMeasurementsQueryOptions(companyIdentifier));
});

/**
 * Spec §2 "Company materials" (`/pills`). The page composes the two features: the measurements feature
 * supplies the unit choices (standard and own), the pills feature the table and its modals.
 */
export default function PillsRoute() {
  const companyIdentifier = useCompanyIdentifier();
  const standard = useStandardMeasurements();
  const own = useOwnMeasurements(companyIdentifier);

  const units = {
    standard: standard.data?.map((unit) => unit.label) ?? [],
    own: own.data?.map((unit) => unit.name) ?? [],
    isLoading: standard.isPending || own.isPending,
  };

  return (
    <CompanyTablePage
      title="Витратні матеріали"
      table="pills"
      companyIdentifier={companyIdentifier}
    >
      <PillsTable companyIdentifier={companyIdentifier} units={units} />
    </CompanyTablePage>
  );
}
