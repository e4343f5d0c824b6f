import { apiRoutes, type CategoryOption } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/** `GET /api/get-categories` (spec §7): service categories as `{ value, label }`. */
export const getCategories = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  CategoryOption[]
> => callApi(apiRoutes.templates.categories, { signal });

// Categories are reference data that change only with a new seed: cached for the session.
export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
