import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { buildOrderWizardPath, paths } from '@/config/paths';
import { OrdersList } from '@/features/orders/components/orders-list';
import { useMemberCan } from '@/hooks/use-member-can';

export { loader } from './orders.loader';

/** Spec §2 "Orders list" (`/orders`): the company's orders; 'Додати' leads to the create-order page. */
export default function OrdersRoute() {
  const navigate = useNavigate();
  const canEdit = useMemberCan('edit');
  return (
    <>
      <PageTitle
        extra={
          canEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => void navigate(paths.createOrder)}
            >
              Додати
            </Button>
          ) : undefined
        }
      >
        Список розрахованих послуг
      </PageTitle>
      <ReadOnlyNotice />
      <OrdersList onOpen={(identifier) => void navigate(buildOrderWizardPath(identifier))} />
    </>
  );
}
