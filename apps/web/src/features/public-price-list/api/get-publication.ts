import { apiRoutes, type PublicationInput } from '@medcalc/domain';
import { useQuery } from '@tanstack/react-query';

import { formCall, routeQueryOptions, useApiMutation } from '@/lib/api-hooks';

/** The block's key: one per company. */
const publicationKey = (companyIdentifier: string) =>
  ['public-price-list', companyIdentifier] as const;

/** `GET /api/company/{companyIdentifier}/public-price-list` (issue 36): the switch and the public address. */
export const getPublicationQueryOptions = (companyIdentifier: string) => ({
  ...routeQueryOptions(apiRoutes.company.publicPriceList, publicationKey(companyIdentifier), {
    path: { companyIdentifier },
    // /company shows a failure in place, with a retry.
    toast: { error: false },
  }),
  enabled: companyIdentifier !== '',
});

export const usePublication = (companyIdentifier: string) =>
  useQuery(getPublicationQueryOptions(companyIdentifier));

/** `PUT` of the same (the owner): publish or hide, choose the address. */
export const useUpdatePublication = () =>
  useApiMutation(
    apiRoutes.company.updatePublicPriceList,
    formCall<{ companyIdentifier: string }, PublicationInput>,
    [['public-price-list']],
  );
