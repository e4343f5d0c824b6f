import { apiRoutes } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/calculations/approve-from-user` (spec §7): 'Відправити на погодження', only at `formed`, moves the
 * order to `sent` (spec §4); the list reloads afterwards, and so do the company's own calculations, which are
 * chosen by status.
 */
export const useSendOrderForApproval = () =>
  useApiMutation(apiRoutes.orders.sendForApproval, (body: { identifier: string }) => ({ body }), [
    queryKeys.orders.all,
    queryKeys.calculations.all,
  ]);
