import type { ContactsResponse } from '@medcalc/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/contacts` (issue 13): the provider's phone and e-mail, as configured on the server. The landing page
 * falls back to the registration link without them, so a failure is not worth an error toast there.
 */
export const getContacts = async (signal?: AbortSignal): Promise<ContactsResponse> =>
  (await import('./contacts-call')).fetchContacts(signal);

export const getContactsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contacts,
    queryFn: ({ signal }) => getContacts(signal),
    staleTime: Infinity,
  });

export const useContacts = () => useQuery(getContactsQueryOptions());
