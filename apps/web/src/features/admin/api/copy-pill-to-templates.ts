import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { UNIT_DEPENDENT_QUERY_KEYS } from '@/lib/query-keys';

/**
 * `POST /api/pills/companies/{id}/to-templates` (admin only): copies another company's material (with its name,
 * unit and price; its unit becomes a standard one when it was the company's own) into the templates. The server's
 * message is the toast either way (a name the templates already have is a 422 with nothing to show under a field:
 * the confirmation has none). A copy may add a standard unit as well as a material: both resources are refreshed
 * by prefix.
 */
export const useCopyPillToTemplates = () =>
  useApiMutation(
    apiRoutes.pills.copyToTemplates,
    (id: number) => ({ path: { id } }),
    UNIT_DEPENDENT_QUERY_KEYS,
  );
