import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { routeQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** While a backup is being taken the list is asked again this often, until it is done. */
export const BACKUP_POLL_MS = 1000;

/** `GET /api/administrator/backups` (issue 40): the backups, newest first, and whether one is being taken. */
export const useBackups = () =>
  useQuery({
    ...routeQueryOptions(apiRoutes.admin.backups, queryKeys.backups.all, {}),
    refetchInterval: (query) => (query.state.data?.busy ? BACKUP_POLL_MS : false),
  });
