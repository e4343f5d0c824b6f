import { PageTitle } from '@/components/ui/page-title';
import { TemplatesTable } from '@/features/admin/components/templates-table';

import { useCategoryChoices } from '@/app/hooks/use-category-choices';

/** Spec §2 "Admin panel": the calculation templates; the orders feature supplies the categories. */
export default function AdminTemplatesRoute() {
  const choices = useCategoryChoices();
  return (
    <>
      <PageTitle level={2}>Шаблони</PageTitle>
      <TemplatesTable categories={choices} />
    </>
  );
}
