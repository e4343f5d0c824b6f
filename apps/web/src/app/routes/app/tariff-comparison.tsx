import { PageTitle } from '@/components/ui/page-title';
import { getBenchmarkQueryOptions } from '@/features/tariff-comparison/api/get-benchmark';
import { TariffComparisonView } from '@/features/tariff-comparison/components/tariff-comparison-view';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

import { prefetchForCompany } from '../../route-prefetch';

/** The unfiltered comparison starts loading with the page's code. */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getBenchmarkQueryOptions(companyIdentifier, {}));
});

/** Issue 41 (`/tariff-comparison`): «Порівняння тарифів», the anonymous benchmark of approved tariffs. */
export default function TariffComparisonRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Порівняння тарифів</PageTitle>
      <TariffComparisonView companyIdentifier={companyIdentifier} />
    </>
  );
}
