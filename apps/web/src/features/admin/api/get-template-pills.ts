import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import type { PageParams } from '@/hooks/use-paged-search';
import { pageQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/pills?page&perPage&search` (spec §7 "Shared reference data"; admin only): template materials. */
export const useTemplatePills = (params: PageParams) =>
  useQuery(
    pageQueryOptions(apiRoutes.pills.templatePage, queryKeys.pills.templatePage(params), params),
  );
