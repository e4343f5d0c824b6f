import { PageTitle } from '@/components/ui/page-title';
import { AdminOrdersTable } from '@/features/orders/components/admin-orders-table';

/** Spec §2 "Admin panel": orders of all companies, with the status set directly (spec §4). */
export default function AdminOrdersRoute() {
  return (
    <>
      <PageTitle level={2}>Замовлення</PageTitle>
      <AdminOrdersTable />
    </>
  );
}
