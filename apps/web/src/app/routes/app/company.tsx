import { lazy, Suspense } from 'react';

import { prefetchForCompany } from '@/app/route-prefetch';
import { LoadingBlock } from '@/components/ui/loading-block';
import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { getCompanyInfoQueryOptions } from '@/lib/queries/company-info';
import { getApprovalSettingsQueryOptions } from '@/lib/queries/approval-settings';
import { ApprovalSettingsForm } from '@/features/company/components/approval-settings-form';
import { CompanyInfoForm } from '@/features/company/components/company-info-form';
import { getPublicationQueryOptions } from '@/features/public-price-list/api/get-publication';
import { PublicPriceListCard } from '@/features/public-price-list/components/public-price-list-card';
import { getParticipationQueryOptions } from '@/features/tariff-comparison/api/get-participation';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/**
 * Issue 41: the comparison's block is the page's last, below the fold; its code comes after the page's own, so the
 * institution data's form is not kept waiting for it.
 */
const ParticipationCard = lazy(async () => ({
  default: (await import('@/features/tariff-comparison/components/participation-card'))
    .ParticipationCard,
}));

/** The institution data start loading with the page's code. */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getCompanyInfoQueryOptions(companyIdentifier));
  void queryClient.prefetchQuery(getApprovalSettingsQueryOptions(companyIdentifier));
  void queryClient.prefetchQuery(getPublicationQueryOptions(companyIdentifier));
  void queryClient.prefetchQuery(getParticipationQueryOptions(companyIdentifier));
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
      <Suspense fallback={<LoadingBlock label="Порівняння тарифів: завантаження…" rows={2} />}>
        <ParticipationCard companyIdentifier={companyIdentifier} />
      </Suspense>
    </>
  );
}
