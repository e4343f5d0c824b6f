import { Typography } from 'antd';
import { useParams } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { UnderConstruction } from '@/components/ui/under-construction';

/** Spec §2 "Wizard" (`/orders/create/{identifier}`), titled 'Calculate new services'. */
export default function OrderWizardRoute() {
  const { identifier = '' } = useParams();
  return (
    <>
      <PageTitle>Розрахувати нові послуги</PageTitle>
      <Typography.Paragraph type="secondary">Замовлення {identifier}</Typography.Paragraph>
      <UnderConstruction />
    </>
  );
}
