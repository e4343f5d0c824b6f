import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/equipment` (issue 38; admin only): the template equipment by name, the rows the provider's templates'
 * equipment lines name and every company's wizard may use.
 */
export const useTemplateEquipment = () =>
  useQuery(routeQueryOptions(apiRoutes.equipment.templateList, queryKeys.equipment.templates, {}));
