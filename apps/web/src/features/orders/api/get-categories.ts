import { apiRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';

/**
 * `GET /api/get-categories` (spec §7): service categories as `{ value, label }`. Categories are reference data
 * that change only with a new seed: cached for the session.
 */
export const getCategoriesQueryOptions = () =>
  queryOptions({
    ...routeQueryOptions(apiRoutes.templates.categories, ['categories'], {}),
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
