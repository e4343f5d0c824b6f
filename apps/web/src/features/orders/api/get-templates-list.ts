import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/** `GET /api/get-templates-list` (spec §7): the provider's templates grouped by category. */
export const getTemplatesListQueryOptions = () =>
  routeQueryOptions(apiRoutes.templates.list, ['templates', { view: 'by-category' }], {});

export const useTemplatesList = () => useQuery(getTemplatesListQueryOptions());
