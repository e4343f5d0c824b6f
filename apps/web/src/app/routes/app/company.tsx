import { prefetchForCompany } from '@/app/route-prefetch';
import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { getCompanyInfoQueryOptions } from '@/lib/queries/company-info';
import { getApprovalSettingsQueryOptions } from '@/lib/queries/approval-settings';
import { ApprovalSettingsForm } from '@/features/company/components/approval-settings-form';
import { CompanyInfoForm } from '@/features/company/components/company-info-form';
import { getPublicationQueryOptions } from '@/features/public-price-list/api/get-publication';
import { PublicPriceListCard } from '@/features/public-price-list/components/public-price-list-card';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** The institution data start loading with the page's code. */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getCompanyInfoQueryOptions(companyIdentifier));
  void queryClient.prefetchQuery(getApprovalSettingsQueryOptions(companyIdentifier));
  void queryClient.prefetchQuery(getPublicationQueryOptions(companyIdentifier));
});

/** Spec §2 "Company": institution data. */
export default function CompanyRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Дані закладу</PageTitle>
      <ReadOnlyNotice />
      <CompanyInfoForm companyIdentifier={companyIdentifier} />
      <ApprovalSettingsForm companyIdentifier={companyIdentifier} />
      <PublicPriceListCard companyIdentifier={companyIdentifier} />
    </>
  );
}
