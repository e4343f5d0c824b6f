import { apiRoutes, type CompanyInfo, type CompanyInfoSavedResponse } from '@medcalc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type UpdateCompanyInfoVariables = { companyIdentifier: string; info: CompanyInfo };

/** `PUT /api/company-info/{companyId}` with the whole info object (spec §7); answers `{ message, data }`. */
export const updateCompanyInfo = ({
  companyIdentifier,
  info,
}: UpdateCompanyInfoVariables): Promise<CompanyInfoSavedResponse> =>
  callApi(apiRoutes.company.updateInfo, {
    path: { companyIdentifier },
    body: info,
    inlineFieldErrors: true,
  });

/** The answer is the data as stored, so it replaces the cached copy without another request. */
export const useUpdateCompanyInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyInfo,
    onSuccess: ({ data }, { companyIdentifier }) =>
      queryClient.setQueryData(queryKeys.companyInfo.of(companyIdentifier), data),
  });
};
