import { prefetchForCompany } from '@/app/route-prefetch';
import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { getCompanyInfoQueryOptions } from '@/lib/queries/company-info';
import { CompanyInfoForm } from '@/features/company/components/company-info-form';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** The institution data start loading with the page's code. */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getCompanyInfoQueryOptions(companyIdentifier));
});

/** Spec §2 "Company": institution data. */
export default function CompanyRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Дані закладу</PageTitle>
      <ReadOnlyNotice />
      <CompanyInfoForm companyIdentifier={companyIdentifier} />
    </>
  );
}
