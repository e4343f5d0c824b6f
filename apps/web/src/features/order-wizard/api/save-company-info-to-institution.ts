import { apiRoutes, type CompanyInfo, type PillInput } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/*
 * Issue 33: steps 1 and 4 save what the order's copy changed to the institution's own data through the calls the
 * /company and /pills pages use. Their answers' messages are not toasted one by one: the wizard says once what was
 * saved; a refusal is toasted with the server's words (api-client), and the wizard's question stays open.
 */

/**
 * `PUT /api/company-info/{companyIdentifier}` with only the changed fields (the body may be any subset, spec §7):
 * the answer is the institution data as stored, which replaces the cached copy (/company, the create-order page).
 */
export const useSaveCompanyInfoToInstitution = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      companyIdentifier,
      update,
    }: {
      companyIdentifier: string;
      update: Partial<CompanyInfo>;
    }) =>
      callApi(apiRoutes.company.updateInfo, {
        path: { companyIdentifier },
        body: update,
        toast: { success: false },
      }),
    onSuccess: ({ data }, { companyIdentifier }) => {
      queryClient.setQueryData(queryKeys.companyInfo.of(companyIdentifier), data);
      void invalidateKeys(queryClient, [queryKeys.activity.all]);
    },
  });
};

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
