import { prefetchForCompany } from '@/app/route-prefetch';
import { PageTitle } from '@/components/ui/page-title';
import { getCalculatedServicesQueryOptions } from '@/features/calculations/api/get-calculated-services';
import { CalculatedServicesTable } from '@/features/calculations/components/calculated-services-table';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { FIRST_PAGE_PARAMS } from '@/hooks/use-paged-search';

/** The first page of calculated services starts loading with the page's code. */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(
    getCalculatedServicesQueryOptions({ companyIdentifier, ...FIRST_PAGE_PARAMS }),
  );
});

/** Spec §2 "Calculations" (`/calculations`): the company's calculated services. */
export default function CalculationsRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Розраховані послуги</PageTitle>
      <CalculatedServicesTable companyIdentifier={companyIdentifier} />
    </>
  );
}
