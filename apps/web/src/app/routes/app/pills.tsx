import { useMemo } from 'react';

import { PageTitle } from '@/components/ui/page-title';
import { useOwnMeasurements } from '@/features/measurements/api/get-own-measurements';
import { useStandardMeasurements } from '@/features/measurements/api/get-standard-measurements';
import { PillsTable } from '@/features/pills/components/pills-table';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/**
 * Spec §2 "Company materials" (`/pills`). The page composes the two features: the measurements feature
 * supplies the unit choices (standard and own), the pills feature the table and its modals.
 */
export default function PillsRoute() {
  const companyIdentifier = useCompanyIdentifier();
  const standard = useStandardMeasurements();
  const own = useOwnMeasurements(companyIdentifier);

  const units = useMemo(
    () => ({
      standard: standard.data?.map((unit) => unit.label) ?? [],
      own: own.data?.map((unit) => unit.name) ?? [],
      isLoading: standard.isPending || own.isPending,
    }),
    [standard.data, standard.isPending, own.data, own.isPending],
  );

  return (
    <>
      <PageTitle>Витратні матеріали</PageTitle>
      <PillsTable companyIdentifier={companyIdentifier} units={units} />
    </>
  );
}
