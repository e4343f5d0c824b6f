import { apiRoutes } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import type { ImportTarget } from '../import-target';

import { companyPath } from './import-path';

const QUIET = { error: false };

/**
 * The last applied import of the target's table that can still be undone (`{ last: null }` when none). Its
 * failure is not toasted: it only leaves the undo button hidden, and the page's own table reports the outage.
 */
export const getLastImportQueryOptions = (target: ImportTarget) =>
  queryOptions({
    queryKey: queryKeys.imports.last(target),
    queryFn: ({ signal }) =>
      target.scope === 'admin'
        ? callApi(apiRoutes.imports.templateLast, {
            path: { table: target.table },
            signal,
            toast: QUIET,
          })
        : callApi(apiRoutes.imports.companyLast, {
            path: companyPath(target),
            signal,
            toast: QUIET,
          }),
  });

export const useLastImport = (target: ImportTarget) => useQuery(getLastImportQueryOptions(target));
