import { apiRoutes, type TemplateListEntry } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';

/** `GET /api/get-templates-list` (spec §7): the provider's templates grouped by category. */
export const getTemplatesList = ({ signal }: { signal?: AbortSignal } = {}): Promise<
  TemplateListEntry[]
> => callApi(apiRoutes.templates.list, { signal });

export const getTemplatesListQueryOptions = () =>
  queryOptions({
    queryKey: ['templates', { view: 'by-category' }],
    queryFn: ({ signal }) => getTemplatesList({ signal }),
  });

export const useTemplatesList = () => useQuery(getTemplatesListQueryOptions());
