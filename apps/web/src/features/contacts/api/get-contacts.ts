import { systemRoutes, type ContactsResponse } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/contacts` (issue 13): the provider's phone and e-mail, as configured on the server. The landing page
 * falls back to the registration link without them, so a failure is not worth an error toast there.
 */
export const getContacts = (signal?: AbortSignal): Promise<ContactsResponse> =>
  callApi(systemRoutes.contacts, { signal, toast: { error: false } });

export const getContactsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contacts,
    queryFn: ({ signal }) => getContacts(signal),
    staleTime: Infinity,
  });

export const useContacts = () => useQuery(getContactsQueryOptions());
