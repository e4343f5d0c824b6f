import { PageTitle } from '@/components/ui/page-title';
import { CompanyInfoForm } from '@/features/company/components/company-info-form';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';

/** Spec §2 "Company": institution data. */
export default function CompanyRoute() {
  const companyIdentifier = useCompanyIdentifier();
  return (
    <>
      <PageTitle>Дані закладу</PageTitle>
      <CompanyInfoForm companyIdentifier={companyIdentifier} />
    </>
  );
}
