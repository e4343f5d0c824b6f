import { PageTitle } from '@/components/ui/page-title';
import { MeasurementsTable } from '@/features/measurements/components/measurements-table';
import { StandardMeasurements } from '@/features/measurements/components/standard-measurements';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** Spec §2 "Measurements": the standard units, then the company's own units with search and paging. */
export default function MeasurementsRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Одиниці виміру</PageTitle>
      <StandardMeasurements />
      <MeasurementsTable companyIdentifier={companyIdentifier} />
    </>
  );
}
