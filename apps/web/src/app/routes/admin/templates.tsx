import { useMemo } from 'react';

import { PageTitle } from '@/components/ui/page-title';
import { TemplatesTable } from '@/features/admin/components/templates-table';
import { useCategories } from '@/features/orders/api/get-categories';

/** Spec §2 "Admin panel": the calculation templates; the orders feature supplies the categories. */
export default function AdminTemplatesRoute() {
  const categories = useCategories();
  const choices = useMemo(
    () => ({ options: categories.data ?? [], isLoading: categories.isPending }),
    [categories.data, categories.isPending],
  );
  return (
    <>
      <PageTitle level={2}>Шаблони</PageTitle>
      <TemplatesTable categories={choices} />
    </>
  );
}
