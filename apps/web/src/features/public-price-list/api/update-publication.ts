import { apiRoutes, type PublicationInput } from '@medcalc/domain';

import { useApiMutation } from '@/hooks/use-api-mutation';
import { formCall } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/company/{companyIdentifier}/public-price-list` (the owner): publish or hide, choose the address. */
export const useUpdatePublication = () =>
  useApiMutation(
    apiRoutes.company.updatePublicPriceList,
    formCall<{ companyIdentifier: string }, PublicationInput>,
    [queryKeys.publicPriceList.all],
  );
