import { apiRoutes } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { companyQueryOptions } from '@/lib/api-hooks';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/company/{companyIdentifier}/public-price-list` (issue 36): the switch and the public address. */
export const getPublicationQueryOptions = (companyIdentifier: string) =>
  companyQueryOptions(
    apiRoutes.company.publicPriceList,
    queryKeys.publicPriceList.of(companyIdentifier),
    {
      path: { companyIdentifier },
      // /company shows a failure in place, with a retry.
      toast: { error: false },
    },
  );

export const usePublication = (companyIdentifier: string) =>
  useQuery(getPublicationQueryOptions(companyIdentifier));
