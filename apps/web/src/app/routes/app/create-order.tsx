import { ORDER_FEE_PER_CALCULATION } from '@medcalc/domain';
import { Alert, Breadcrumb } from 'antd';
import { Link, useNavigate } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';
import { paths } from '@/config/paths';
import { getCategoriesQueryOptions } from '@/features/orders/api/get-categories';
import { getCompanyInfoQueryOptions } from '@/lib/queries/company-info';
import { getTemplatesListQueryOptions } from '@/features/orders/api/get-templates-list';
import { CreateOrderForm } from '@/features/orders/components/create-order-form';

import { prefetchForCompany } from '../../route-prefetch';

/**
 * What the page asks for as it opens start loading with its code (house guide §2.4): the templates of the
 * first tab, the categories of the row dropdowns and the institution data the order carries. The own
 * calculations wait for their tab, as the page itself does.
 */
export const loader = prefetchForCompany((queryClient, companyIdentifier) => {
  void queryClient.prefetchQuery(getTemplatesListQueryOptions());
  void queryClient.prefetchQuery(getCategoriesQueryOptions());
  void queryClient.prefetchQuery(getCompanyInfoQueryOptions(companyIdentifier));
});

/** Spec §2 "Create order" (`/orders/create_order`): on confirmation the app goes to /orders. */
export default function CreateOrderRoute() {
  const navigate = useNavigate();
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[
          { title: <Link to={paths.orders}>Розрахунок послуг</Link> },
          { title: 'Створення нового замовлення на розрахунок' },
        ]}
      />
      <PageTitle>Нове замовлення</PageTitle>
      <ReadOnlyNotice />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        title="Як створити замовлення"
        description={
          'Оберіть послуги з шаблонів або з власних розрахунків, чи додайте послугу без шаблону. ' +
          `Вартість розрахунку — ${ORDER_FEE_PER_CALCULATION} грн за послугу. Після підтвердження замовлення з вами ` +
          'зв’яжеться представник компанії-виконавця; заповнювати розрахунок можна після ' +
          'підтвердження оплати.'
        }
      />
      <CreateOrderForm onCreated={() => void navigate(paths.orders)} />
    </>
  );
}
