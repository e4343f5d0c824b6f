import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { buildOrderWizardPath, paths } from '@/config/paths';
import { OrdersList } from '@/features/orders/components/orders-list';

/** Spec §2 "Orders list" (`/orders`): the company's orders; 'Додати' leads to the create-order page. */
export default function OrdersRoute() {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => void navigate(paths.createOrder)}
          >
            Додати
          </Button>
        }
      >
        Список розрахованих послуг
      </PageTitle>
      <OrdersList onOpen={(identifier) => void navigate(buildOrderWizardPath(identifier))} />
    </>
  );
}
