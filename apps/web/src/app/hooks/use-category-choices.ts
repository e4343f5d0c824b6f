import type { CategoryChoices } from '@/features/admin/components/category-select';
import { useCategories } from '@/features/orders/api/get-categories';

/**
 * The service categories for the admin's template forms. The orders feature owns them and the admin feature
 * may not import it (features do not import each other), so the admin pages compose them in here.
 */
export function useCategoryChoices(): CategoryChoices {
  const categories = useCategories();
  return { options: categories.data ?? [], isLoading: categories.isPending };
}
