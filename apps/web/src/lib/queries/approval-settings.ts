import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/company/{companyIdentifier}/approval-settings` (issue 35): who approves the tariffs and the
 * profitability cap, read by the /company block and by the wizard (the cap marked at the profitability field).
 */
export const getApprovalSettingsQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(
    apiRoutes.company.approvalSettings,
    queryKeys.approvalSettings.of(companyIdentifier),
    // Not toasted: the wizard only marks the cap with it, and /company shows a failure in place with a retry.
    { path: { companyIdentifier }, toast: { error: false } },
  );

export const useApprovalSettings = (companyIdentifier: string) =>
  useQuery(getApprovalSettingsQueryOptions(companyIdentifier));
