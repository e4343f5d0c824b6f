import { systemRoutes, type ContactsResponse } from '@medcalc/domain';

import { callApi } from '@/lib/api-client';

/**
 * `GET /api/contacts` as a call of the route table (its answer checked with the table's schema, and so with zod). A
 * module of its own, which get-contacts.ts loads when it first asks (issue 39): the landing page shows its first
 * screen without zod, the contacts once they are there.
 */
export const fetchContacts = (signal?: AbortSignal): Promise<ContactsResponse> =>
  callApi(systemRoutes.contacts, { signal, toast: { error: false } });
