import { PageTitle } from '@/components/ui/page-title';
import { ProviderComparisonView } from '@/features/tariff-comparison/components/provider-comparison-view';

/** Issue 41, the admin panel's «Порівняння тарифів»: the provider's view of every template service. */
export default function AdminTariffComparisonRoute() {
  return (
    <>
      <PageTitle level={2}>Порівняння тарифів</PageTitle>
      <ProviderComparisonView />
    </>
  );
}
