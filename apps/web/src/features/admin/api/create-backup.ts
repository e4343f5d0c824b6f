import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/** «Створити зараз»: `POST /api/administrator/backups` starts one; the list then follows it. */
export const useCreateBackup = () =>
  useApiMutation(apiRoutes.admin.createBackup, () => ({}), [queryKeys.backups.all]);
