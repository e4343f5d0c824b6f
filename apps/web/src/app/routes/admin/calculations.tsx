import { useMemo } from 'react';

import { PageTitle } from '@/components/ui/page-title';
import { AdminCalculationsTable } from '@/features/admin/components/admin-calculations-table';
import { useCategories } from '@/features/orders/api/get-categories';

/**
 * Spec §2 "Admin panel" → Services: one company's calculations, with promotion into a template. The page
 * composes the orders feature's categories into the admin table's add-to-template form.
 */
export default function AdminCalculationsRoute() {
  const categories = useCategories();
  const choices = useMemo(
    () => ({ options: categories.data ?? [], isLoading: categories.isPending }),
    [categories.data, categories.isPending],
  );
  return (
    <>
      <PageTitle level={2}>Послуги</PageTitle>
      <AdminCalculationsTable categories={choices} />
    </>
  );
}
