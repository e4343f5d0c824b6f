import { apiRoutes, type CompanyInfo } from '@medcalc/domain';
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
