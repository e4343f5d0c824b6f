import { apiRoutes, type PillInput } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/*
 * Issue 33: step 4 saves the materials the order's copy changed to the institution's own through the call the
 * /pills page uses (as step 1 its data, `save-company-info-to-institution.ts`).
 */

/** One own material to save: its id and the body of `PUT …/pills/{id}`. */
export type MaterialUpdate = { id: number; input: PillInput };

/**
 * `PUT /api/company/{companyIdentifier}/pills/{id}` for each changed own material, one after another. Every
 * materials query (/pills, step 3's choices, step 4's comparison) is refreshed afterwards, also when one failed:
 * those saved before it are saved. Rejects with the first failure.
 */
export const useSaveMaterialsToInstitution = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      companyIdentifier,
      updates,
    }: {
      companyIdentifier: string;
      updates: readonly MaterialUpdate[];
    }) => {
      try {
        for (const { id, input } of updates) {
          await callApi(apiRoutes.pills.update, {
            path: { companyIdentifier, id },
            body: input,
            toast: { success: false },
          });
        }
      } finally {
        await invalidateKeys(queryClient, [queryKeys.pills.all, queryKeys.activity.all]);
      }
    },
  });
};
