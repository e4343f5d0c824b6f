import { apiRoutes, type ChangeSalaryInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/change-salary` {id, salary} (spec §7): sent 2 s after the last keystroke. Spec §7: after the save
 * "the table reloads". The mutation settles only once the reload is back, so the row can drop the typed value and
 * show the stored one without flashing the old salary in between. A keep-alive request (issue 33): a save sent as
 * the tab closes or reloads, or already on its way then, still arrives.
 */
export const useChangeSalary = () =>
  useApiMutation(
    apiRoutes.staff.changeSalary,
    (input: ChangeSalaryInput) => ({ body: input, keepalive: true }),
    [queryKeys.staff.all],
  );
