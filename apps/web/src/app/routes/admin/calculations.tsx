import { PageTitle } from '@/components/ui/page-title';
import { AdminCalculationsTable } from '@/features/admin/components/admin-calculations-table';

import { useCategoryChoices } from '@/app/hooks/use-category-choices';

/**
 * Spec §2 "Admin panel" → Services: one company's calculations, with promotion into a template. The page
 * composes the orders feature's categories into the admin table's add-to-template form.
 */
export default function AdminCalculationsRoute() {
  const choices = useCategoryChoices();
  return (
    <>
      <PageTitle level={2}>Послуги</PageTitle>
      <AdminCalculationsTable categories={choices} />
    </>
  );
}
