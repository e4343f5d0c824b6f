import { apiRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/get-templates` (spec §7; admin only): every template with its category and content. */
export const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates.admin,
    queryFn: ({ signal }) => callApi(apiRoutes.templates.adminList, { signal }),
  });

export const useTemplates = () => useQuery(getTemplatesQueryOptions());
